package io.eventops.orchestrator.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.eventops.web.validation.PositiveDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of probing, dispatch, failover and the relay.
 *
 * @param probeInterval time between two health probes of one printer
 * @param downAfterFailures consecutive failed probes that declare a printer DOWN
 * (invariant 9: fewer is a blip and moves nothing)
 * @param autoFailover whether a printer declared DOWN is failed over at once
 * @param relayInterval how often the relay polls the outbox when no notification came
 * @param relayBatchSize most jobs taken from the outbox and placed per pool and pass
 * @param maxQueuedPerPrinter jobs the relay places on one printer ahead of it (queued
 * plus in flight); the rest of a backlog waits PENDING in the ledger
 * @param doneMarkerTtl lifetime of the completion marker {@code print:done:{jobId}}
 * @param connectTimeout TCP connect timeout towards printers
 * @param readTimeout status reply timeout towards printers
 * @param confirmTimeout how long a sent label may take to be confirmed
 * @param confirmPollInterval status polling interval while confirming a label
 * @param agentLeaseTtl lifetime of the lease that makes one replica the agent of a
 * printer
 * @param rebuildInterval how often the ledger sweeper rebuilds Redis from the ledger
 * @param rebuildGrace age a queued ledger row must reach before the sweeper re-pushes it
 * (covers the gap between commit and push)
 * @param probePrintTimeout how long a probe print may take, {@code ~JA} included
 * @param labelDpi printhead resolution the badges are rendered for
 * @param printedRefresh how often the gauge of PRINTED jobs per pool is read from the
 * ledger (a count over the ledger; 10 s is fresh enough for dashboards and alerts)
 * @param fontDirectories absolute directories whose TrueType / OpenType files draw the
 * badge text a printer's font cannot (issue 28); the default is where Debian's
 * {@code fonts-noto-core} and {@code fonts-noto-cjk} install. A missing directory does
 * not stop the service (a Latin badge prints without it): it is logged as an error and
 * the gauge {@code eventops_print_fallback_fonts} reads what was loaded
 * @param liveAhead how much younger than a pool's oldest untaken badge job a live one
 * (its check-in captured within 30 s of being applied) may be and still be taken before
 * it (issue #24): an attendee at an online kiosk gets the badge ahead of a reconnect
 * herd's backlog, and no backlog job waits more than this for live ones; {@code 0} takes
 * oldest first
 * @param maxDroppedSends sends of one job a printer may drop (its label counter unmoved,
 * the printer idle) before it is taken out (DOWN) and the job fails over; 3 lets a jam
 * cleared with CANCEL, a restart and a swallowed format each cost one send, while a
 * printer that drops everything is out within seconds instead of getting the job for ever
 * @param dropSettleTime how long a counter printer must stay idle and ready with its
 * label counter unmoved, watched without a gap, before a send counts as dropped and the
 * job is sent again unflagged: longer than the slowest printer takes to receive and parse
 * the largest badge (a 32 KiB graphic field takes a real printer seconds, during which
 * {@code ~HS} shows it idle); 5 s, while a printer that drops formats costs at most this
 * per drop
 * @param erasureCheck how often the ledger looks for the reconciler's erasures (#38) and
 * empties its copies of the erased attendees' badge text; a few seconds, so that an
 * erasure leaves no copy here for longer than it takes an admin to check
 */
@Validated
@ConfigurationProperties("eventops.print")
public record PrintProperties(@NotNull @PositiveDuration @DefaultValue("1s") Duration probeInterval,
		@Min(1) @Max(100) @DefaultValue("3") int downAfterFailures, @DefaultValue("true") boolean autoFailover,
		@NotNull @PositiveDuration @DefaultValue("1s") Duration relayInterval,
		@Positive @DefaultValue("500") int relayBatchSize,
		@Min(1) @Max(10000) @DefaultValue("20") int maxQueuedPerPrinter,
		@NotNull @PositiveDuration @DefaultValue("7d") Duration doneMarkerTtl,
		@NotNull @PositiveDuration @DefaultValue("1s") Duration connectTimeout,
		@NotNull @PositiveDuration @DefaultValue("1s") Duration readTimeout,
		@NotNull @PositiveDuration @DefaultValue("30s") Duration confirmTimeout,
		@NotNull @PositiveDuration @DefaultValue("250ms") Duration confirmPollInterval,
		@NotNull @DefaultValue("10s") Duration agentLeaseTtl,
		@NotNull @PositiveDuration @DefaultValue("2s") Duration rebuildInterval,
		@NotNull @PositiveDuration(orZero = true) @DefaultValue("5s") Duration rebuildGrace,
		@NotNull @PositiveDuration @DefaultValue("20s") Duration probePrintTimeout,
		@Min(150) @Max(600) @DefaultValue("203") int labelDpi,
		@NotNull @PositiveDuration @DefaultValue("10s") Duration printedRefresh,
		// one comma-separated default: an array-valued @DefaultValue on a record
		// component
		// kept ConfigurationPropertiesScan from registering the record here (Spring Boot
		// 4.0.7)
		@NotEmpty @DefaultValue("/usr/share/fonts/truetype/noto,/usr/share/fonts/opentype/noto") List<Path> fontDirectories,
		@NotNull @PositiveDuration(orZero = true) @DefaultValue("5m") Duration liveAhead,
		@Min(1) @Max(100) @DefaultValue("3") int maxDroppedSends,
		@NotNull @PositiveDuration @DefaultValue("5s") Duration dropSettleTime,
		@NotNull @PositiveDuration @DefaultValue("5s") Duration erasureCheck) {

	public PrintProperties {
		if (agentLeaseTtl != null && probeInterval != null
				&& agentLeaseTtl.compareTo(probeInterval.multipliedBy(3)) < 0) {
			throw new IllegalArgumentException("eventops.print.agent-lease-ttl must be at least 3 probe intervals");
		}
		// a non-positive value is left to @PositiveDuration's message
		if (dropSettleTime != null && confirmPollInterval != null && dropSettleTime.isPositive()
				&& dropSettleTime.compareTo(confirmPollInterval.multipliedBy(2)) < 0) {
			throw new IllegalArgumentException(
					"eventops.print.drop-settle-time must be at least 2 confirm poll intervals");
		}
		for (Path directory : (fontDirectories != null) ? fontDirectories : List.<Path>of()) {
			if (directory == null || !directory.isAbsolute()) {
				throw new IllegalArgumentException(
						"eventops.print.font-directories must be absolute paths, got " + directory);
			}
		}
	}

}
