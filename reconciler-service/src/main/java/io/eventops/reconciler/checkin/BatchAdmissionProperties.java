package io.eventops.reconciler.checkin;

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
 * The reconciler's live lane ({@code eventops.reconciler.admission.*}, issue #39): which
 * batches are live, and the admission lane the others wait for before their claims and
 * their transaction.
 *
 * @param liveMaxEntries batches of at most this many entries are live (an online kiosk's
 * check-in, the edge's {@code live-max-entries} by convention) and never wait; {@code 0}:
 * every batch waits in the lane
 * @param backlog the admission lane of the other batches (an outage backlog): how many
 * this replica reconciles at once, a limit that adapts to how long a batch takes and
 * stays below the cores
 * @param maxQueueWait how long a backlog batch waits for the lane before it is shed (429,
 * nothing claimed, nothing applied); well below the edge's {@code read-timeout} (15 s): a
 * batch admitted at the end of its wait still needs the time of its work before that
 * timeout, which the edge's breaker, shared by every kiosk, would count (invariant 11)
 * @param retryAfter the {@code Retry-After} of that 429
 */
@Validated
@ConfigurationProperties("eventops.reconciler.admission")
record BatchAdmissionProperties(@Min(0) @Max(500) @DefaultValue("20") int liveMaxEntries,
		@Valid @NotNull @DefaultValue AdmissionLimitProperties backlog,
		@NotNull @PositiveDuration @DefaultValue("5s") Duration maxQueueWait,
		@NotNull @PositiveDuration @DefaultValue("1s") Duration retryAfter) {

	/**
	 * Whether a batch is live.
	 * @param entries the batch's entries
	 * @return {@code true} for a small batch when the lane is on
	 */
	boolean live(int entries) {
		return entries <= this.liveMaxEntries;
	}

}
