package io.eventops.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DashboardTests {

	private static final Map<String, Object> DASHBOARD = RepositoryFiles
		.document(RepositoryFiles.resolve("deploy/grafana/dashboards/eventops.json"));

	@Test
	void everyPanelQueryUsesOnlyKnownMetricNames() {
		java.util.Set<String> recorded = AlertRules.recorded();
		for (Map<String, Object> panel : panels()) {
			for (Object target : RepositoryFiles.asList(panel.get("targets"))) {
				String expression = String.valueOf(RepositoryFiles.asMap(target).get("expr"));
				assertThat(MetricNames.balanced(expression)).as("%s: %s", panel.get("title"), expression).isTrue();
				for (String metric : MetricNames.in(expression)) {
					assertThat(MetricNames.allowed(metric, recorded))
						.as("%s uses unknown metric %s", panel.get("title"), metric)
						.isTrue();
				}
			}
		}
	}

	@Test
	void coversWhatTheIssueAsksFor() {
		List<String> titles = panels().stream().map((panel) -> String.valueOf(panel.get("title"))).toList();
		assertThat(titles).contains("Head-count vs badge jobs vs badges printed", "Entry outcomes per second",
				"Duplicate and stale ratios", "Kiosk backlogs", "Kiosk gaps", "Printer states", "Printer queue depths",
				"Failovers and jobs moved", "Failover duration", "Flush latency",
				"Flush latency SLO: flushes slower than 1 s",
				"Print ledger: unknown outcomes, possible duplicates, dispatch pause",
				"Edge certificate: time to expiry", "Admissions against the rules, per area");
	}

	@Test
	void hasEventPoolAndInstanceVariablesThatThePanelsUse() {
		List<Object> variables = RepositoryFiles.asList(RepositoryFiles.at(DASHBOARD, "templating.list"));
		List<Object> names = variables.stream().map((variable) -> RepositoryFiles.asMap(variable).get("name")).toList();
		assertThat(names).contains("event", "pool", "instance");
		String queries = String.join("\n", expressions());
		assertThat(queries).contains("eventId=~\"$event\"", "pool=~\"$pool\"", "instance=~\"$instance\"");
	}

	// a per-process counter drops at every restart of the orchestrator; the ledger does
	// not
	@Test
	void badgesPrintedComeFromThePrintLedger() {
		Map<String, Object> headcount = panels().stream()
			.filter((panel) -> "Head-count vs badge jobs vs badges printed".equals(panel.get("title")))
			.findFirst()
			.orElseThrow();
		String queries = RepositoryFiles.asList(headcount.get("targets"))
			.stream()
			.map((target) -> String.valueOf(RepositoryFiles.asMap(target).get("expr")))
			.reduce("", String::concat);
		assertThat(queries).contains("eventops_print_jobs_printed")
			.doesNotContain("eventops_print_latency_seconds_count");
	}

	@Test
	void panelsHaveUniqueIdsAndUseTheProvisionedDatasource() {
		List<Object> ids = new ArrayList<>();
		for (Map<String, Object> panel : panels()) {
			ids.add(panel.get("id"));
			if (panel.containsKey("targets")) {
				assertThat(RepositoryFiles.at(panel, "datasource.uid")).as(panel.get("title").toString())
					.isEqualTo("eventops-prometheus");
			}
		}
		assertThat(ids).doesNotHaveDuplicates();
		Map<String, Object> datasources = RepositoryFiles
			.document(RepositoryFiles.resolve("deploy/grafana/provisioning/datasources/prometheus.yml"));
		assertThat(RepositoryFiles
			.at(RepositoryFiles.asMap(RepositoryFiles.asList(datasources.get("datasources")).get(0)), "uid"))
			.isEqualTo("eventops-prometheus");
	}

	private static List<String> expressions() {
		List<String> expressions = new ArrayList<>();
		for (Map<String, Object> panel : panels()) {
			for (Object target : RepositoryFiles.asList(panel.get("targets"))) {
				expressions.add(String.valueOf(RepositoryFiles.asMap(target).get("expr")));
			}
		}
		return expressions;
	}

	private static List<Map<String, Object>> panels() {
		List<Map<String, Object>> panels = new ArrayList<>();
		for (Object panel : RepositoryFiles.asList(DASHBOARD.get("panels"))) {
			Map<String, Object> map = RepositoryFiles.asMap(panel);
			panels.add(map);
			RepositoryFiles.asList(map.get("panels")).forEach((nested) -> panels.add(RepositoryFiles.asMap(nested)));
		}
		return panels;
	}

}
