package io.eventops.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AlertRulesTests {

	private static final Path RULES = RepositoryFiles.resolve("deploy/prometheus/alerts.yml");

	private static final Pattern DURATION = Pattern.compile("([0-9]+(ms|s|m|h|d|w|y))+");

	@Test
	void rulesPassPromtoolWhenItIsInstalled() {
		Optional<Path> promtool = Commands.find("promtool");
		if (promtool.isPresent()) {
			Commands.Result result = Commands
				.run(List.of(promtool.get().toString(), "check", "rules", RULES.toString()));
			assertThat(result.exitCode()).as(result.output()).isZero();
		}
		for (Map<String, Object> rule : rules()) {
			String expression = String.valueOf(rule.get("expr"));
			assertThat(expression).as(rule.get("alert").toString()).isNotBlank();
			assertThat(MetricNames.balanced(expression)).as("%s: balanced", rule.get("alert")).isTrue();
			Object holdFor = rule.get("for");
			if (holdFor != null) {
				assertThat(holdFor.toString()).as("%s: for", rule.get("alert")).matches(DURATION);
			}
		}
	}

	// each alert fires on its situation and not on the one next to it
	@Test
	void rulesPassTheirUnitTestsWhenPromtoolIsInstalled() {
		Optional<Path> promtool = Commands.find("promtool");
		if (promtool.isPresent()) {
			Commands.Result result = Commands.run(List.of(promtool.get().toString(), "test", "rules",
					RepositoryFiles.resolve("deploy/prometheus/alerts.test.yml").toString()));
			assertThat(result.exitCode()).as(result.output()).isZero();
		}
		List<String> tested = new ArrayList<>();
		for (Object test : RepositoryFiles.asList(
				RepositoryFiles.document(RepositoryFiles.resolve("deploy/prometheus/alerts.test.yml")).get("tests"))) {
			for (Object alert : RepositoryFiles.asList(RepositoryFiles.asMap(test).get("alert_rule_test"))) {
				tested.add(RepositoryFiles.asMap(alert).get("alertname").toString());
			}
		}
		assertThat(tested).as("every alert has a unit test")
			.containsAll(rules().stream().map((rule) -> rule.get("alert").toString()).toList());
	}

	@Test
	void prometheusConfigurationLoadsTheRulesAndScrapesEveryService() {
		Map<String, Object> config = RepositoryFiles
			.document(RepositoryFiles.resolve("deploy/prometheus/prometheus.yml"));
		assertThat(RepositoryFiles.asList(config.get("rule_files"))).containsExactly("alerts.yml");
		List<String> targets = new ArrayList<>();
		for (Object job : RepositoryFiles.asList(config.get("scrape_configs"))) {
			Map<String, Object> scrape = RepositoryFiles.asMap(job);
			assertThat(scrape.get("metrics_path")).isEqualTo("/actuator/prometheus");
			for (Object staticConfig : RepositoryFiles.asList(scrape.get("static_configs"))) {
				RepositoryFiles.asList(RepositoryFiles.asMap(staticConfig).get("targets"))
					.forEach((target) -> targets.add(target.toString()));
			}
		}
		assertThat(targets).containsExactlyInAnyOrder("reconciler-service:8081", "print-orchestrator:8082",
				"kiosk-sync-service:9443");
	}

	@Test
	void everyRuleUsesOnlyKnownMetricNames() {
		for (Map<String, Object> rule : rules()) {
			for (String metric : MetricNames.in(String.valueOf(rule.get("expr")))) {
				assertThat(MetricNames.allowed(metric)).as("%s uses unknown metric %s", rule.get("alert"), metric)
					.isTrue();
			}
		}
	}

	@Test
	void theIssuesAlertsAreAllThereWithARunbookOrSeverity() {
		List<String> names = rules().stream().map((rule) -> rule.get("alert").toString()).toList();
		assertThat(names).contains("BadgeJobsExceedCheckedInAttendees", "ReplayStorm", "PrinterDown",
				"FailoverNotDrained", "KioskBacklogNotShrinking");
		for (Map<String, Object> rule : rules()) {
			assertThat(RepositoryFiles.at(rule, "labels.severity")).as(rule.get("alert").toString())
				.isIn("critical", "warning");
			Object runbook = RepositoryFiles.at(rule, "annotations.runbook");
			if (runbook != null) {
				assertThat(RepositoryFiles.root().resolve(runbook.toString())).as(rule.get("alert").toString())
					.isRegularFile();
			}
		}
	}

	@Test
	void failoverAndBacklogRulesHoldForTheIssuesDurations() {
		Map<String, Object> failover = rule("FailoverNotDrained");
		assertThat(failover.get("for")).isIn("60s", "1m");
		assertThat(failover.get("expr").toString()).contains("eventops_print_queue_depth")
			.contains("eventops_print_printer_state");
		assertThat(rule("KioskBacklogNotShrinking").get("expr").toString()).contains("[10m]").contains("offset 10m");
	}

	private static Map<String, Object> rule(String name) {
		return rules().stream()
			.filter((rule) -> name.equals(rule.get("alert")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No alert " + name));
	}

	private static List<Map<String, Object>> rules() {
		List<Map<String, Object>> rules = new ArrayList<>();
		for (Object group : RepositoryFiles.asList(RepositoryFiles.document(RULES).get("groups"))) {
			for (Object rule : RepositoryFiles.asList(RepositoryFiles.asMap(group).get("rules"))) {
				rules.add(RepositoryFiles.asMap(rule));
			}
		}
		assertThat(rules).isNotEmpty();
		return rules;
	}

}
