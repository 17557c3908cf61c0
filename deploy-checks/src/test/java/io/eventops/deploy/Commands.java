package io.eventops.deploy;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the optional tools the checks use when a machine has them ({@code kubectl} or
 * {@code kustomize}, {@code promtool}); none is required for the build to pass.
 */
final class Commands {

	private Commands() {
	}

	/** The executable's path when it is on {@code PATH}. */
	static Optional<Path> find(String name) {
		String path = System.getenv("PATH");
		if (path == null) {
			return Optional.empty();
		}
		for (String dir : path.split(File.pathSeparator)) {
			Path candidate = Path.of(dir, name);
			if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
				return Optional.of(candidate);
			}
		}
		return Optional.empty();
	}

	/**
	 * Runs a command to completion (60 s at most) and returns its exit code and output.
	 */
	static Result run(List<String> command) {
		try {
			Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
			process.getOutputStream().close();
			byte[] output = process.getInputStream().readAllBytes();
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException(command + " did not finish within 60 s");
			}
			return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not run " + command, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted running " + command, ex);
		}
	}

	/**
	 * What a command did.
	 *
	 * @param exitCode its exit code
	 * @param output standard output and error, interleaved
	 */
	record Result(int exitCode, String output) {
	}

}
