package io.eventops.reconciler.config;

import java.time.Duration;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the check-in path.
 *
 * @param claimLeaseTtl how long a Redis claim lease lives before commit (invariant 2)
 * @param claimDoneTtl how long a {@code done} marker answers replays from Redis
 * @param transactionRetries how often a batch is retried on a deadlock or serialization
 * failure
 * @param deskPrinterPool the printer pool of badges created by desk corrections
 * @param expressLeaseTtl how long a station holds an express code while redeeming it
 * @param expressValidity how long a new express code is valid when no expiry is given
 */
@Validated
@ConfigurationProperties("eventops.reconciler")
public record ReconcilerProperties(@NotNull @PositiveDuration(min = "1s") @DefaultValue("30s") Duration claimLeaseTtl,
		@NotNull @DefaultValue("6h") Duration claimDoneTtl, @Positive @DefaultValue("3") int transactionRetries,
		@NotBlank @DefaultValue("default") String deskPrinterPool,
		@NotNull @DefaultValue("2m") Duration expressLeaseTtl, @NotNull @DefaultValue("24h") Duration expressValidity) {

	public ReconcilerProperties {
		if (claimDoneTtl != null && claimLeaseTtl != null && claimDoneTtl.compareTo(claimLeaseTtl) <= 0) {
			throw new IllegalArgumentException("eventops.reconciler.claim-done-ttl must exceed claim-lease-ttl");
		}
	}

}
