package io.eventops.deploy;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MetricNamesTests {

	@Test
	void extractsSelectedMetricsButNotFunctionsLabelsOrGroupings() {
		String expression = "histogram_quantile(0.99, sum by (le) (rate(eventops_reconcile_batch_seconds_bucket"
				+ "{service=\"reconciler\", outcome!~\"a|b\"}[$__rate_interval]))) > 1e-3"
				+ " and on (printer) max by (printer) (eventops_print_queue_depth offset 10m) > bool 0";
		assertThat(MetricNames.in(expression)).containsExactly("eventops_reconcile_batch_seconds_bucket",
				"eventops_print_queue_depth");
	}

	@Test
	void findsAMetricThatIsNotOnTheAllowList() {
		assertThat(MetricNames.in("sum(rate(eventops_flush_entries_total[5m]))"))
			.containsExactly("eventops_flush_entries_total");
		assertThat(MetricNames.allowed("eventops_flush_entries_total")).isFalse();
		assertThat(MetricNames.allowed("eventops_reconcile_entries_total")).isTrue();
	}

	@Test
	void detectsUnbalancedExpressions() {
		assertThat(MetricNames.balanced("sum(rate(x{a=\"(\"}[5m]))")).isTrue();
		assertThat(MetricNames.balanced("sum(rate(x[5m])")).isFalse();
		assertThat(MetricNames.balanced("x{a=\"b}")).isFalse();
		assertThat(MetricNames.balanced("sum(x]")).isFalse();
	}

}
