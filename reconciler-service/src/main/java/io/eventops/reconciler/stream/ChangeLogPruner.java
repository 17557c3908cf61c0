package io.eventops.reconciler.stream;

import java.time.Duration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Drops changes older than the retention and records, per event, the highest
 * {@code streamSeq} dropped: a cache positioned below it is told to take a new snapshot
 * instead of silently missing changes (invariant 10).
 */
@Component
class ChangeLogPruner {

	private final JdbcTemplate jdbc;

	private final Duration retention;

	ChangeLogPruner(JdbcTemplate jdbc, @Value("${eventops.reconciler.change-log-retention:7d}") Duration retention) {
		this.jdbc = jdbc;
		this.retention = retention;
	}

	@Scheduled(fixedDelayString = "${eventops.reconciler.change-log-prune-interval:1h}", initialDelayString = "1m")
	@Transactional
	public void prune() {
		this.jdbc.update("""
				WITH dropped AS (
				  DELETE FROM reconciler.change_log WHERE committed_at < now() - ?::interval
				  RETURNING event_id, stream_seq)
				INSERT INTO reconciler.change_log_horizon (event_id, pruned_through)
				SELECT event_id, max(stream_seq) FROM dropped GROUP BY event_id
				ON CONFLICT (event_id) DO UPDATE SET pruned_through = greatest(
				  reconciler.change_log_horizon.pruned_through, EXCLUDED.pruned_through)""",
				this.retention.toSeconds() + " seconds");
	}

}
