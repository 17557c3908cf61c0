package io.eventops.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads {@code deploy/prometheus/alerts.yml}: its groups, alerting rules and recording
 * rules.
 */
final class AlertRules {

	static final Path FILE = RepositoryFiles.resolve("deploy/prometheus/alerts.yml");

	private AlertRules() {
	}

	static List<Object> groups() {
		return RepositoryFiles.asList(RepositoryFiles.document(FILE).get("groups"));
	}

	/** Every rule of every group, alerting and recording. */
	static List<Map<String, Object>> all() {
		List<Map<String, Object>> rules = new ArrayList<>();
		for (Object group : groups()) {
			for (Object rule : RepositoryFiles.asList(RepositoryFiles.asMap(group).get("rules"))) {
				rules.add(RepositoryFiles.asMap(rule));
			}
		}
		return rules;
	}

	static List<Map<String, Object>> alerts() {
		return all().stream().filter((rule) -> rule.containsKey("alert")).toList();
	}

	/** The names the recording rules define. */
	static Set<String> recorded() {
		return all().stream()
			.filter((rule) -> rule.containsKey("record"))
			.map((rule) -> rule.get("record").toString())
			.collect(Collectors.toSet());
	}

	static Map<String, Object> alert(String name) {
		return alerts().stream()
			.filter((rule) -> name.equals(rule.get("alert")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No alert " + name));
	}

}
