package io.eventops.drills.fleet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Where no cgroup can be written, the herd's kiosks run at nice 19, and so does every
 * thread they start, while the caller (the drill's measuring) keeps its priority (issue
 * #39).
 */
class LowPriorityTests {

	@Test
	void tasksAndTheThreadsTheyStartRunAtNice19AndTheCallerKeepsItsPriority() throws Exception {
		assumeTrue(Files.exists(Path.of("/proc/thread-self")), "Linux /proc only");
		int before = LowPriority.niceOfThisThread();
		// without the cgroup it tries first where one can be written (CpuGroupTests)
		try (LowPriority low = LowPriority.start(false)) {
			assumeTrue(low.how().startsWith("nice"), low.how());
			assertThat(low.call(LowPriority::niceOfThisThread)).isEqualTo(LowPriority.NICE);
			AtomicInteger child = new AtomicInteger(-100);
			low.call(() -> {
				Thread started = Thread.ofPlatform().start(() -> {
					try {
						child.set(LowPriority.niceOfThisThread());
					}
					catch (java.io.IOException ex) {
						throw new java.io.UncheckedIOException(ex);
					}
				});
				started.join();
				return null;
			});
			assertThat(child.get()).as("a thread the low-priority thread started").isEqualTo(LowPriority.NICE);
		}
		assertThat(LowPriority.niceOfThisThread()).isEqualTo(before);
	}

	@Test
	void aTaskThatFailsFailsTheCaller() {
		try (LowPriority low = LowPriority.start()) {
			org.assertj.core.api.Assertions.assertThatIllegalStateException().isThrownBy(() -> low.call(() -> {
				throw new IllegalStateException("kiosk failed");
			})).withMessage("kiosk failed");
		}
	}

}
