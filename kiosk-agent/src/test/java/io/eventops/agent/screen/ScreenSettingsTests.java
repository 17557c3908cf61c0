package io.eventops.agent.screen;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ScreenSettingsTests {

	@Test
	void flagsWinOverVariablesWhichWinOverDefaults() {
		ScreenSettings settings = ScreenSettings.resolve(Map.of("staff-pin", "123456"), Map.of("KIOSK_AGENT_STAFF_PIN",
				"999999", "KIOSK_AGENT_IDLE_RESET", "90s", "KIOSK_AGENT_LANGUAGE", "de"));
		assertThat(settings.staffPin()).isEqualTo("123456");
		assertThat(settings.idleReset()).isEqualTo(Duration.ofSeconds(90));
		assertThat(settings.language()).isEqualTo("de");
		assertThat(settings.port()).isEqualTo(8090);
		assertThat(settings.toString()).doesNotContain("1234");
	}

	@Test
	void aBadValueStopsStartNamingTheSetting() {
		assertThatIllegalArgumentException().isThrownBy(() -> ScreenSettings.resolve(Map.of(), Map.of()))
			.withMessageContaining("--staff-pin (KIOSK_AGENT_STAFF_PIN)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ScreenSettings.resolve(Map.of("staff-pin", "12a456"), Map.of()))
			.withMessageContaining("--staff-pin")
			.withMessageContaining("6 to 12 digits");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ScreenSettings.resolve(Map.of("staff-pin", "1234"), Map.of()))
			.withMessageContaining("--staff-pin (KIOSK_AGENT_STAFF_PIN) must be 6 to 12 digits");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ScreenSettings.resolve(Map.of("staff-pin", "123456", "screen-port", "http"), Map.of()))
			.withMessageContaining("--screen-port (KIOSK_AGENT_SCREEN_PORT)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ScreenSettings.resolve(Map.of("staff-pin", "123456", "idle-reset", "2s"), Map.of()))
			.withMessageContaining("--idle-reset");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ScreenSettings.resolve(Map.of("staff-pin", "123456", "language", "fr"), Map.of()))
			.withMessageContaining("--language");
	}

	@Test
	void fiveWrongPinsLockThePadForAMinute() {
		MutableClock clock = new MutableClock();
		StaffPin pin = new StaffPin("2468", clock);
		assertThat(pin.check("2468").accepted()).isTrue();
		for (int i = 1; i < StaffPin.MAX_FAILURES; i++) {
			StaffPin.Verdict wrong = pin.check("1111");
			assertThat(wrong.accepted()).isFalse();
			assertThat(wrong.lockedFor()).isNull();
		}
		assertThat(pin.check("1111").lockedFor()).isEqualTo(StaffPin.LOCKOUT);
		// locked: even the right PIN is refused
		assertThat(pin.check("2468").accepted()).isFalse();
		clock.now = clock.now.plus(StaffPin.LOCKOUT).plusSeconds(1);
		assertThat(pin.check("2468").accepted()).isTrue();
		assertThat(pin.check(null).accepted()).isFalse();
	}

	private static final class MutableClock extends Clock {

		Instant now = Instant.parse("2026-07-16T09:00:00Z");

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
