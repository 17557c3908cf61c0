package io.eventops.localstack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.eventops.rediscluster.FreePorts;

/**
 * Runs the local stack's launcher as its own process, as from the command line: the jar's
 * main class on this test's class path, or the {@code ./eventops-local} script.
 *
 * @param exitCode the process's exit code
 * @param stdout its standard output, by line
 * @param stderr its standard error, by line
 */
record LauncherProcess(int exitCode, List<String> stdout, List<String> stderr) {

	/**
	 * Runs {@link LocalStack#main} in a new JVM and waits for it to end by itself.
	 * @param args the command line
	 * @return what it said and how it ended
	 */
	static LauncherProcess java(String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
				System.getProperty("java.class.path"), LocalStack.class.getName()));
		command.addAll(List.of(args));
		// should it not refuse, its databases do not take the ports of a stack that runs
		// here
		List<Integer> free = FreePorts.loopback(2);
		if (!command.contains("--postgres-port")) {
			command.addAll(List.of("--postgres-port", free.get(0).toString()));
		}
		command.addAll(List.of("--redis-port", free.get(1).toString()));
		return run(command);
	}

	/**
	 * Runs the repository's {@code ./eventops-local} and waits for it to end by itself.
	 * @param args the command line
	 * @return what it said and how it ended
	 */
	static LauncherProcess script(String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(
				List.of("bash", Path.of("..", "eventops-local").toAbsolutePath().normalize().toString()));
		command.addAll(List.of(args));
		return run(command);
	}

	private static LauncherProcess run(List<String> command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).start();
		process.getOutputStream().close();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			throw new AssertionError("the launcher did not stop by itself within 60 s: " + command);
		}
		return new LauncherProcess(process.exitValue(), lines(process.getInputStream().readAllBytes()),
				lines(process.getErrorStream().readAllBytes()));
	}

	private static List<String> lines(byte[] bytes) {
		String text = new String(bytes, StandardCharsets.UTF_8);
		return text.isEmpty() ? List.of() : text.lines().toList();
	}

}
