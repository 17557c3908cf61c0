package io.eventops.deploy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Prometheus Operator's PrometheusRule carries exactly the groups of
 * {@code deploy/prometheus/alerts.yml}, which promtool checks and tests: an edit of one
 * without regenerating the other fails here.
 */
class PrometheusRuleTests {

	@Test
	void thePrometheusRuleIsTheAlertRulesFile() {
		Map<String, Object> rule = RepositoryFiles
			.document(RepositoryFiles.resolve("k8s/components/monitoring/prometheus-rule.yaml"));
		assertThat(rule.get("kind")).isEqualTo("PrometheusRule");
		assertThat(RepositoryFiles.at(rule, "spec.groups"))
			.as("k8s/components/monitoring/prometheus-rule.yaml drifted from deploy/prometheus/alerts.yml:"
					+ " regenerate it with the command in its header")
			.isEqualTo(AlertRules.groups());
	}

	@Test
	void theMonitoringComponentIsPartOfProduction() {
		Map<String, Object> production = RepositoryFiles
			.document(RepositoryFiles.resolve("k8s/overlays/production/kustomization.yaml"));
		assertThat(RepositoryFiles.asList(production.get("components"))).contains("../../components/monitoring");
		Map<String, Object> component = RepositoryFiles
			.document(RepositoryFiles.resolve("k8s/components/monitoring/kustomization.yaml"));
		assertThat(RepositoryFiles.asList(component.get("resources"))).contains("prometheus-rule.yaml",
				"service-monitors.yaml", "alertmanager-config.yaml");
	}

}
