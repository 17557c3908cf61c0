package io.eventops.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AlertRulesTests {

	private static final Path TESTS = RepositoryFiles.resolve("deploy/prometheus/alerts.test.yml");

	private static final Pattern DURATION = Pattern.compile("([0-9]+(ms|s|m|h|d|w|y))+");

	@Test
	void rulesPassPromtoolWhenItIsInstalled() {
		Optional<Path> promtool = Commands.find("promtool");
		if (promtool.isPresent()) {
			Commands.Result result = Commands
				.run(List.of(promtool.get().toString(), "check", "rules", AlertRules.FILE.toString()));
			assertThat(result.exitCode()).as(result.output()).isZero();
		}
		for (Map<String, Object> rule : AlertRules.all()) {
			Object name = rule.containsKey("alert") ? rule.get("alert") : rule.get("record");
			String expression = String.valueOf(rule.get("expr"));
			assertThat(name).as("a rule without alert or record: %s", expression).isNotNull();
			assertThat(expression).as(name.toString()).isNotBlank();
			assertThat(MetricNames.balanced(expression)).as("%s: balanced", name).isTrue();
			Object holdFor = rule.get("for");
			if (holdFor != null) {
				assertThat(holdFor.toString()).as("%s: for", name).matches(DURATION);
			}
		}
	}

	// each alert fires on its situation and not on the one next to it
	@Test
	void rulesPassTheirUnitTestsWhenPromtoolIsInstalled() {
		Optional<Path> promtool = Commands.find("promtool");
		if (promtool.isPresent()) {
			Commands.Result result = Commands
				.run(List.of(promtool.get().toString(), "test", "rules", TESTS.toString()));
			assertThat(result.exitCode()).as(result.output()).isZero();
		}
		List<String> tested = new ArrayList<>();
		for (Object test : RepositoryFiles.asList(RepositoryFiles.document(TESTS).get("tests"))) {
			for (Object alert : RepositoryFiles.asList(RepositoryFiles.asMap(test).get("alert_rule_test"))) {
				Map<String, Object> check = RepositoryFiles.asMap(alert);
				if (!RepositoryFiles.asList(check.get("exp_alerts")).isEmpty()) {
					tested.add(check.get("alertname").toString());
				}
			}
		}
		assertThat(tested).as("every alert has a unit test in which it fires")
			.containsAll(AlertRules.alerts().stream().map((rule) -> rule.get("alert").toString()).toList());
	}

	// a stale series of a pod that no longer serves a kiosk or holds a printer: the unit
	// tests must give the kiosk and printer alerts several instances
	@Test
	void unitTestsFeedSeveralReplicasOfEachService() {
		String tests = RepositoryFiles.read(TESTS);
		for (String instance : List.of("recon-a:9081", "recon-b:9081", "edge-a:9443", "edge-b:9443", "orch-a:9082",
				"orch-b:9082")) {
			assertThat(tests).contains("instance=\"" + instance + "\"");
		}
		assertThat(tests).contains("stale");
	}

	@Test
	void prometheusConfigurationLoadsTheRulesAndScrapesEveryService() {
		for (String file : List.of("deploy/prometheus/prometheus.yml", "deploy/prometheus/prometheus-local.yml")) {
			Map<String, Object> config = RepositoryFiles.document(RepositoryFiles.resolve(file));
			assertThat(RepositoryFiles.asList(config.get("rule_files"))).as(file).containsExactly("alerts.yml");
			List<String> jobs = new ArrayList<>();
			for (Object job : RepositoryFiles.asList(config.get("scrape_configs"))) {
				Map<String, Object> scrape = RepositoryFiles.asMap(job);
				assertThat(scrape.get("metrics_path")).isEqualTo("/actuator/prometheus");
				jobs.add(scrape.get("job_name").toString());
			}
			// the job names ServiceDown and ServiceNotScraped match
			assertThat(jobs).as(file)
				.containsExactlyInAnyOrder("reconciler-service", "print-orchestrator", "kiosk-sync-service");
		}
		// the management ports: no service serves /actuator/** on its API port
		assertThat(targets("deploy/prometheus/prometheus.yml")).containsExactlyInAnyOrder("reconciler-service:9081",
				"print-orchestrator:9082", "kiosk-sync-service:9443");
		assertThat(targets("deploy/prometheus/prometheus-local.yml")).containsExactlyInAnyOrder("127.0.0.1:9081",
				"127.0.0.1:9082", "127.0.0.1:9443");
	}

	private static List<String> targets(String file) {
		List<String> targets = new ArrayList<>();
		for (Object job : RepositoryFiles
			.asList(RepositoryFiles.document(RepositoryFiles.resolve(file)).get("scrape_configs"))) {
			for (Object staticConfig : RepositoryFiles.asList(RepositoryFiles.asMap(job).get("static_configs"))) {
				RepositoryFiles.asList(RepositoryFiles.asMap(staticConfig).get("targets"))
					.forEach((target) -> targets.add(target.toString()));
			}
		}
		return targets;
	}

	@Test
	void everyRuleUsesOnlyKnownMetricNames() {
		Set<String> recorded = AlertRules.recorded();
		for (Map<String, Object> rule : AlertRules.all()) {
			for (String metric : MetricNames.in(String.valueOf(rule.get("expr")))) {
				assertThat(MetricNames.allowed(metric, recorded))
					.as("%s uses unknown metric %s", rule.getOrDefault("alert", rule.get("record")), metric)
					.isTrue();
			}
		}
		assertThat(recorded).allSatisfy((name) -> assertThat(name).startsWith("eventops:"));
	}

	@Test
	void everyBrokenPromiseHasAnAlertWithASeverityAndARunbook() {
		List<String> names = AlertRules.alerts().stream().map((rule) -> rule.get("alert").toString()).toList();
		assertThat(names).contains("BadgeJobsExceedCheckedInAttendees", "ReplayStorm", "PrinterDown",
				"FailoverNotDrained", "KioskBacklogNotShrinking", "KeyReuseMismatch", "EdgeServerErrors",
				"EdgeUnavailable", "PrintOutcomeUnknown", "PossibleDuplicatePrint", "PrintBacklogNotDraining",
				"PoolWithoutUpPrinter", "PrinterDisabledTooLong", "DispatchPausedTooLong", "KioskSilentWithBacklog",
				"GuardDuplicatesRising", "FlushLatencyBudgetBurnFast", "FlushLatencyBudgetBurnSlow",
				"EdgeCertificateExpiresSoon", "ServiceDown", "ServiceNotScraped", "ConsoleDown");
		for (Map<String, Object> rule : AlertRules.alerts()) {
			String name = rule.get("alert").toString();
			assertThat(RepositoryFiles.at(rule, "labels.severity")).as(name).isIn("critical", "warning");
			Object runbook = RepositoryFiles.at(rule, "annotations.runbook");
			assertThat(runbook).as("%s: runbook", name).isNotNull();
			assertThat(RepositoryFiles.root().resolve(runbook.toString())).as(name).isRegularFile();
			assertThat(RepositoryFiles.read(RepositoryFiles.resolve("docs/runbooks/README.md")))
				.as("docs/runbooks/README.md names %s", name)
				.contains("`" + name + "`");
		}
	}

	@Test
	void failoverAndBacklogRulesHoldForTheIssuesDurations() {
		Map<String, Object> failover = AlertRules.alert("FailoverNotDrained");
		assertThat(failover.get("for")).isIn("60s", "1m");
		assertThat(failover.get("expr").toString()).contains("eventops_print_registry_printer_jobs")
			.contains("eventops_print_registry_printer_state");
		assertThat(AlertRules.alert("KioskBacklogNotShrinking").get("expr").toString()).contains("[10m]")
			.contains("offset 10m");
	}

	// Kubernetes' ServiceMonitor names the job after the Service, a PodMonitor
	// "namespace/name", compose after the service
	@Test
	void serviceDownMatchesComposeAndKubernetesJobNames() {
		String expression = AlertRules.alert("ServiceDown").get("expr").toString();
		Pattern job = Pattern.compile(expression.replaceAll(".*job=~\"([^\"]+)\".*", "$1"));
		for (String name : List.of("reconciler-service", "print-orchestrator", "kiosk-sync-service",
				"eventops/kiosk-sync-service")) {
			assertThat(job.matcher(name).matches()).as(name).isTrue();
		}
		assertThat(job.matcher("redis").matches()).isFalse();
		List<String> absent = AlertRules.alerts()
			.stream()
			.filter((rule) -> "ServiceNotScraped".equals(rule.get("alert")))
			.map((rule) -> RepositoryFiles.at(rule, "labels.service").toString())
			.toList();
		assertThat(absent).containsExactlyInAnyOrder("reconciler-service", "print-orchestrator", "kiosk-sync-service");
	}

}
