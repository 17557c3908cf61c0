package io.eventops.web;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.management.ObjectName;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

// Each case runs in a JVM of its own: the JDK reads the setting once, when the first
// virtual thread starts, so only a fresh JVM shows what the scheduler really got.
class VirtualThreadCarriersTests {

	@Test
	void aServiceJvmGetsSeveralCarriersPerCore() throws Exception {
		int cores = Runtime.getRuntime().availableProcessors();
		assertThat(schedulerParallelism(List.of())).isEqualTo(Math.max(16, 4 * cores)).isGreaterThan(cores);
	}

	@Test
	void aCarrierCountGivenOnTheCommandLineWins() throws Exception {
		assertThat(schedulerParallelism(List.of("-D" + VirtualThreadCarriers.PARALLELISM + "=3"))).isEqualTo(3);
	}

	@Test
	void aBadCarrierCountStopsTheServiceNamingTheSetting() {
		assertThatIllegalArgumentException().isThrownBy(() -> VirtualThreadCarriers.parse("many"))
			.withMessageContaining(VirtualThreadCarriers.PARALLELISM);
		assertThatIllegalArgumentException().isThrownBy(() -> VirtualThreadCarriers.parse("0"))
			.withMessageContaining(VirtualThreadCarriers.PARALLELISM);
		assertThat(VirtualThreadCarriers.parse(" 8 ")).isEqualTo(8);
	}

	@Test
	void carriersGrowWithTheCores() {
		assertThat(VirtualThreadCarriers.carriersFor(1)).isEqualTo(16);
		assertThat(VirtualThreadCarriers.carriersFor(8)).isEqualTo(32);
	}

	private static int schedulerParallelism(List<String> jvmOptions) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElseThrow());
		command.addAll(jvmOptions);
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(Probe.class.getName());
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		return Integer.parseInt(output.lines().reduce((first, second) -> second).orElseThrow().trim());
	}

	/** A service's main in small: widen, start a virtual thread, print the carriers. */
	static final class Probe {

		public static void main(String[] args) throws Exception {
			VirtualThreadCarriers.widen();
			Thread.ofVirtual().start(() -> {
			}).join();
			Object parallelism = ManagementFactory.getPlatformMBeanServer()
				.getAttribute(new ObjectName("jdk.management:type=VirtualThreadScheduler"), "Parallelism");
			System.out.println(parallelism);
		}

	}

}
