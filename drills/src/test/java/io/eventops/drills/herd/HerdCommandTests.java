package io.eventops.drills.herd;

import java.util.List;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The herd runs the services on the full JIT, as in production, unless told otherwise;
 * given JVM options come after, so they still win.
 */
class HerdCommandTests {

	@Test
	void servicesRunOnTheFullJitWithGivenOptionsAfter() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs("--jvm", "kiosk-sync-service:-XX:TieredStopAtLevel=1");
		assertThat(command.jvmOptions()).containsEntry("reconciler-service", List.of("-XX:TieredStopAtLevel=4"))
			.containsEntry("print-orchestrator", List.of("-XX:TieredStopAtLevel=4"))
			.containsEntry("kiosk-sync-service", List.of("-XX:TieredStopAtLevel=4", "-XX:TieredStopAtLevel=1"));
	}

	// picocli 4.7 sets an option true by default named --x to false when --no-x is
	// given only if it is named --no-x: named --profile, --no-profile kept JFR on and
	// --profile turned it off
	@Test
	void theProfileTheKioskCgroupAndTheDrainWithoutLiveKiosksAreOnUnlessTurnedOff() {
		HerdCommand defaults = new HerdCommand();
		new CommandLine(defaults).parseArgs();
		assertThat(defaults.profile).isTrue();
		assertThat(defaults.kioskCgroup).isTrue();
		assertThat(defaults.drainWithoutLive).isTrue();
		HerdCommand off = new HerdCommand();
		new CommandLine(off).parseArgs("--no-profile", "--no-kiosk-cgroup", "--no-drain-without-live");
		assertThat(off.profile).isFalse();
		assertThat(off.kioskCgroup).isFalse();
		assertThat(off.drainWithoutLive).isFalse();
		HerdCommand on = new HerdCommand();
		new CommandLine(on).parseArgs("--profile", "--kiosk-cgroup", "--drain-without-live");
		assertThat(on.profile).isTrue();
		assertThat(on.kioskCgroup).isTrue();
		assertThat(on.drainWithoutLive).isTrue();
	}

	@Test
	void quickJitKeepsTheLocalStacksOwn() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs("--quick-jit");
		assertThat(command.jvmOptions()).isEmpty();
	}

	@Test
	void warmUpIsADaysOnlineTrafficThenEarlierOutages() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs();
		assertThat(command.warmup()).isEqualTo(new HerdDrill.Warmup(200, 4, 2, 5));
	}

	@Test
	void onlineBatchOutsideTheContractIsRefusedByName() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs("--warmup-online-batch", "501");
		assertThatExceptionOfType(ParameterException.class).isThrownBy(command::warmup)
			.withMessageContaining("--warmup-online-batch");
	}

	@Test
	void twentyLiveKiosksRunBesideTheHerdByDefault() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs();
		assertThat(command.live()).isEqualTo(new HerdDrill.Live(20, java.time.Duration.ofSeconds(20)));
		HerdCommand none = new HerdCommand();
		new CommandLine(none).parseArgs("--live-kiosks", "0");
		assertThat(none.live().kiosks()).isZero();
	}

	@Test
	void liveKiosksOutOfRangeAreRefusedByName() {
		HerdCommand command = new HerdCommand();
		new CommandLine(command).parseArgs("--live-kiosks", "-1");
		assertThatExceptionOfType(ParameterException.class).isThrownBy(command::live)
			.withMessageContaining("--live-kiosks");
	}

	@Test
	void reportSaysWhetherTheDrillJvmRanOnC1Only() {
		assertThat(HerdCommand.drillJit(List.of("-Xmx2g", "-XX:TieredStopAtLevel=1"))).contains("C1 only");
		assertThat(HerdCommand.drillJit(List.of("-XX:TieredStopAtLevel=4"))).contains("full JIT");
		assertThat(HerdCommand.drillJit(List.of())).contains("full JIT");
	}

}
