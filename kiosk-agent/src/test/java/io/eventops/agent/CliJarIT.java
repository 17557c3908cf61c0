package io.eventops.agent;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged CLI jar decides admission on its own (issue #35): {@code java} with only
 * the shaded jar on the class path compiles a policy with a CEL rule and evaluates it. A
 * failsafe test, because the jar exists only after {@code package}.
 */
class CliJarIT {

	@Test
	void theCliJarCompilesAndEvaluatesARule() throws Exception {
		Path jar = Path
			.of("target/kiosk-agent-" + System.getProperty("project.version", "0.1.0-SNAPSHOT") + "-cli.jar");
		assertThat(jar).exists();
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		Process process = new ProcessBuilder(java.toString(), "-cp", jar.toString(),
				"src/test/jar-check/RuleInJar.java")
			.redirectErrorStream(true)
			.start();
		assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.exitValue()).as(output).isZero();
		assertThat(output.strip()).endsWith("ADMIT REFUSE RULE Once, from nine");
		assertThat(Files.size(jar)).isPositive();
	}

}
