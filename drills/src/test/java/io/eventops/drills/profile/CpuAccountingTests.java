package io.eventops.drills.profile;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JIT's share is read from this very JVM's compiler threads in {@code /proc}.
 */
class CpuAccountingTests {

	@Test
	void countsTheCompilerThreadsOfANamedJvm() {
		long self = ProcessHandle.current().pid();
		// the test framework's start-up alone has kept the JIT busy for far more than the
		// 10 ms that /proc counts in
		Map<String, Double> jit = CpuAccounting.jit(Map.of(self, "this JVM"));
		Map<String, Double> all = CpuAccounting.snapshot(Map.of(self, "this JVM"));
		assertThat(jit.get("this JVM")).isPositive().isLessThan(all.get("this JVM"));
	}

	@Test
	void aChildThatExitedInTheWindowCountsWithItsParent() throws Exception {
		long self = ProcessHandle.current().pid();
		Map<String, Double> before = CpuAccounting.snapshot(Map.of(self, "this JVM"));
		// a child that burns about half a second of CPU and exits; this JVM waits for it
		Process child = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done").start();
		assertThat(child.waitFor()).isZero();
		double childSeconds = CpuAccounting.delta(before, CpuAccounting.snapshot(Map.of(self, "this JVM")))
			.getOrDefault("this JVM", 0.0);
		// the shell's loop alone: well over the JVM's own few ticks in this window
		assertThat(childSeconds).isGreaterThan(0.1);
	}

	@Test
	void aJvmThatIsGoneCountsNothing() {
		assertThat(CpuAccounting.jit(Map.of(Long.MAX_VALUE, "gone"))).isEmpty();
	}

	@Test
	void knowsTheCompilerThreadsByTheirNamesAsProcShowsThem() {
		assertThat(CpuAccounting.isCompiler("C2 CompilerThre")).isTrue();
		assertThat(CpuAccounting.isCompiler("C1 CompilerThre")).isTrue();
		assertThat(CpuAccounting.isCompiler("VM Thread")).isFalse();
		assertThat(CpuAccounting.isCompiler("tomcat-handler-")).isFalse();
	}

}
