package io.eventops.edge.flush;

import java.time.Duration;

import io.eventops.web.ProblemExceptionHandler;
import io.eventops.edge.web.EdgeException;
import io.eventops.web.admission.AdmissionLimitProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class KioskFlushSlotsTests {

	private final KioskFlushSlots slots = new KioskFlushSlots(
			new FlushProperties(2, Duration.ofSeconds(3), AdmissionLimitProperties.fixed(4), 16384));

	@Test
	void aKioskOverItsShareIsRefusedWhileOthersAreNot() {
		KioskFlushSlots.Slot first = this.slots.acquire("k-1");
		KioskFlushSlots.Slot second = this.slots.acquire("k-1");

		assertThatExceptionOfType(EdgeException.class).isThrownBy(() -> this.slots.acquire("k-1")).satisfies((ex) -> {
			assertThat(ProblemExceptionHandler.status(ex.kind()).value()).isEqualTo(429);
			assertThat(ex.slug()).isEqualTo("kiosk-busy");
			assertThat(ex.retryAfter()).isEqualTo(Duration.ofSeconds(3));
		});
		try (KioskFlushSlots.Slot other = this.slots.acquire("k-2")) {
			assertThat(this.slots.inFlight("k-2")).isEqualTo(1);
		}

		first.close();
		this.slots.acquire("k-1").close();
		second.close();
		assertThat(this.slots.inFlight("k-1")).isZero();
		assertThat(this.slots.inFlight("k-2")).isZero();
	}

}
