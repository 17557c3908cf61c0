package io.eventops.edge.flush;

import java.time.Duration;

import io.eventops.web.admission.AdmissionLimitProperties;
import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * A kiosk's share of this edge replica's flush capacity ({@code eventops.edge.flush.*}).
 *
 * @param maxInFlightPerKiosk flushes of one kiosk this replica works on at once; more get
 * 429 (a kiosk agent flushes one batch at a time, so 2 leaves room for a retry that
 * overtakes a slow answer, while a kiosk in a retry loop takes at most 2 of the replica's
 * reconciler slots)
 * @param busyRetryAfter the {@code Retry-After} of that 429
 * @param backlogChecks the admission lane of large flush bodies (each read whole before
 * it waits for it): how many this replica checks at once, a limit that adapts to how long
 * a check takes and stays below the cores (issues #24, #39: a reconnect herd's hundreds
 * of backlog batches do not crowd a live check-in off the CPU before either reaches the
 * reconciler); more wait, at most the reconciler's {@code max-queue-wait}, then 503
 * @param liveMaxBodyBytes bodies of at most this many bytes never wait for that: an
 * online kiosk's few entries (an entry is about 300 bytes, so 16 KiB holds more than the
 * reconciler's {@code live-max-entries}, 20)
 */
@Validated
@ConfigurationProperties("eventops.edge.flush")
record FlushProperties(@Min(1) @Max(64) @DefaultValue("2") int maxInFlightPerKiosk,
		@NotNull @PositiveDuration @DefaultValue("1s") Duration busyRetryAfter,
		@Valid @NotNull @DefaultValue AdmissionLimitProperties backlogChecks,
		@Min(1) @DefaultValue("16384") long liveMaxBodyBytes) {
}
