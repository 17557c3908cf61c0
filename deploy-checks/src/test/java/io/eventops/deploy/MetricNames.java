package io.eventops.deploy;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names that alert rules and dashboards may use, and the extraction of metric
 * names from a PromQL expression. {@link #REGISTERED} are the services' Micrometer meters
 * in Prometheus form, as read from a running suite's {@code /actuator/prometheus}.
 */
final class MetricNames {

	static final Set<String> REGISTERED = Set.of(
			// reconciler-service: ReconcileMetrics
			"eventops_reconcile_entries_total", "eventops_reconcile_rejections_total",
			"eventops_reconcile_batch_seconds_bucket", "eventops_reconcile_batch_seconds_count",
			"eventops_reconcile_batch_seconds_sum", "eventops_reconcile_batch_seconds_max",
			"eventops_reconcile_claim_fastpath_hits_total", "eventops_reconcile_guard_duplicates_total",
			// reconciler-service: HeadcountGauges; the access-control override gauge;
			// OccupancyGauges
			"eventops_reconcile_headcount", "eventops_rule_overrides", "eventops_area_inside", "eventops_area_capacity",
			// print-orchestrator: PrintMetrics
			"eventops_print_failovers_total", "eventops_print_jobs_moved_total", "eventops_print_jobs_skipped_total",
			"eventops_print_failover_duration_seconds_count", "eventops_print_failover_duration_seconds_sum",
			"eventops_print_failover_duration_seconds_max", "eventops_print_latency_seconds_count",
			"eventops_print_latency_seconds_sum", "eventops_print_latency_seconds_max", "eventops_print_printer_state",
			"eventops_print_queue_depth",
			// print-orchestrator: LedgerGauges, DispatchPause's and the ledger's printed
			// gauge
			"eventops_print_jobs_pending", "eventops_print_dispatch_paused", "eventops_print_jobs_printed",
			// print-orchestrator: RegistryGauges (printing.printers and the ledger, the
			// same on
			// every replica)
			"eventops_print_registry_printer_state", "eventops_print_registry_printer_jobs",
			"eventops_print_registry_printer_out_since_seconds", "eventops_print_jobs_unknown_outcome",
			"eventops_print_jobs_possible_duplicates",
			// kiosk-sync-service: FlushMetrics (buckets from FlushLatencySlo),
			// BacklogGauges,
			// RequestMetricsFilter
			"eventops_edge_entries_total", "eventops_edge_flags_total", "eventops_edge_batch_seconds_count",
			"eventops_edge_batch_seconds_bucket", "eventops_edge_batch_seconds_sum", "eventops_edge_batch_seconds_max",
			"eventops_edge_kiosk_backlog", "eventops_edge_kiosk_gaps", "eventops_edge_kiosk_last_seen_seconds",
			"eventops_edge_requests_total",
			// kiosk-sync-service: RecordedKioskGauges (edge.kiosks, the same on every
			// replica)
			"eventops_edge_kiosk_recorded_backlog", "eventops_edge_kiosk_recorded_last_seen_seconds",
			// kiosk-sync-service: RecordedKioskGauges, heartbeats (issue #37)
			"eventops_edge_kiosk_recorded_clock_offset_seconds", "eventops_edge_kiosks_online",
			"eventops_edge_kiosks_offline_with_entries",
			// kiosk-sync-service: Spring Boot's SSL bundle metrics (SslMeterBinder)
			"ssl_chain_expiry_seconds",
			// Prometheus itself
			"up");

	private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "by", "without", "on", "ignoring",
			"group_left", "group_right", "bool", "offset", "inf", "nan");

	private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");

	private static final Pattern MATCHERS = Pattern.compile("\\{[^{}]*}");

	private static final Pattern RANGE = Pattern.compile("\\[[^\\[\\]]*]");

	private static final Pattern GROUPING = Pattern
		.compile("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^()]*\\)");

	private static final Pattern OFFSET = Pattern.compile("\\boffset\\s+-?[0-9a-z]+");

	private static final Pattern IDENTIFIER = Pattern
		.compile("(?<![\\w.$])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\\w.])(\\s*\\()?");

	private MetricNames() {
	}

	static boolean allowed(String name) {
		return REGISTERED.contains(name);
	}

	/**
	 * Whether a name is a registered meter or one of the recording rules of
	 * {@code alerts.yml} (named {@code eventops:…} after Prometheus'
	 * level:metric:operation convention).
	 */
	static boolean allowed(String name, Set<String> recorded) {
		return REGISTERED.contains(name) || recorded.contains(name);
	}

	/**
	 * The metric names a PromQL expression selects (function names and keywords left
	 * out).
	 */
	static Set<String> in(String expression) {
		String rest = STRING.matcher(expression).replaceAll(" ");
		rest = MATCHERS.matcher(rest).replaceAll(" ");
		rest = RANGE.matcher(rest).replaceAll(" ");
		rest = GROUPING.matcher(rest).replaceAll(" ");
		rest = OFFSET.matcher(rest).replaceAll(" ");
		Set<String> names = new LinkedHashSet<>();
		Matcher matcher = IDENTIFIER.matcher(rest);
		while (matcher.find()) {
			String identifier = matcher.group(1);
			boolean call = matcher.group(2) != null;
			if (!call && !KEYWORDS.contains(identifier.toLowerCase())) {
				names.add(identifier);
			}
		}
		return names;
	}

	/** Whether brackets, braces, parentheses and quotes of an expression balance. */
	static boolean balanced(String expression) {
		String rest = STRING.matcher(expression).replaceAll("s");
		if (rest.indexOf('"') >= 0 || rest.indexOf('\'') >= 0) {
			return false;
		}
		java.util.Deque<Character> open = new java.util.ArrayDeque<>();
		for (char c : rest.toCharArray()) {
			switch (c) {
				case '(', '[', '{' -> open.push(c);
				case ')', ']', '}' -> {
					char expected = (c == ')') ? '(' : (c == ']') ? '[' : '{';
					if (open.isEmpty() || open.pop() != expected) {
						return false;
					}
				}
				default -> {
				}
			}
		}
		return open.isEmpty();
	}

}
