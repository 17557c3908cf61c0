package io.eventops.drills.fleet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The herd's kiosks in a cgroup of their own with a low CPU weight where one can be
 * written (issue #39): found from {@code /proc/mounts} and {@code /proc/self/cgroup},
 * inherited by every thread they start, and removed afterwards.
 */
class CpuGroupTests {

	private static final List<String> HYBRID = List.of("tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0",
			"cgroup /sys/fs/cgroup/cpuset cgroup rw,relatime,cpuset 0 0",
			"cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0",
			"cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0",
			"cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0");

	@Test
	void theHierarchiesAreFoundByTypeAndController() {
		assertThat(CpuGroup.mountOf(HYBRID, "cgroup2", null)).contains(Path.of("/sys/fs/cgroup/unified"));
		// cpu, not cpuset or cpuacct
		assertThat(CpuGroup.mountOf(HYBRID, "cgroup", "cpu")).contains(Path.of("/sys/fs/cgroup/cpu"));
		assertThat(CpuGroup.mountOf(List.of("cgroup /c cgroup rw,cpu,cpuacct 0 0"), "cgroup", "cpu"))
			.contains(Path.of("/c"));
		assertThat(CpuGroup.mountOf(List.of("proc /proc proc rw 0 0"), "cgroup2", null)).isEmpty();
	}

	@Test
	void theJvmsGroupIsReadPerHierarchy() throws Exception {
		List<String> cgroups = List.of("4:memory:/process_api/49087", "2:cpu,cpuacct:/user.slice/a",
				"0::/user.slice/b");
		assertThat(CpuGroup.relative(cgroups, "cpu")).isEqualTo("user.slice/a");
		assertThat(CpuGroup.relative(cgroups, "")).isEqualTo("user.slice/b");
		assertThat(CpuGroup.relative(List.of("1:cpu:/"), "cpu")).isEmpty();
		org.assertj.core.api.Assertions.assertThatIOException()
			.isThrownBy(() -> CpuGroup.relative(List.of("1:cpu:/"), ""));
	}

	@Test
	void aThreadAndTheThreadsItStartsAreInTheGroupAndTheGroupGoesAfterwards() throws Exception {
		assumeTrue(Files.exists(Path.of("/proc/thread-self")), "Linux /proc only");
		try (LowPriority low = LowPriority.start()) {
			assumeTrue(low.how().startsWith("cgroup"), "no writable cgroup here: " + low.how());
			String name = "eventops-drills-kiosks-" + ProcessHandle.current().pid();
			assertThat(low.call(CpuGroupTests::cgroupOfThisThread)).contains(name);
			AtomicReference<String> child = new AtomicReference<>();
			low.call(() -> {
				Thread started = Thread.ofPlatform().start(() -> child.set(cgroupOfThisThread()));
				started.join();
				return null;
			});
			assertThat(child.get()).as("a thread the low-priority thread started").contains(name);
			assertThat(cgroupOfThisThread()).as("the caller").doesNotContain(name);
		}
		assertThat(Files.readString(Path.of("/proc/self/cgroup")))
			.doesNotContain("eventops-drills-kiosks-" + ProcessHandle.current().pid());
		assertThat(Files.exists(Path.of("/sys/fs/cgroup/cpu/eventops-drills-kiosks-" + ProcessHandle.current().pid())))
			.as("the v1 group removed")
			.isFalse();
	}

	private static String cgroupOfThisThread() {
		try {
			return Files.readString(Path.of("/proc/thread-self/cgroup"));
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

}
