package io.eventops.drills.observe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The PromQL of a Grafana dashboard's panels, with Grafana's interval variable replaced
 * and the dashboard's own variables (event, pool, instance) set to All.
 */
public final class DashboardQueries {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private DashboardQueries() {
	}

	/**
	 * Reads every panel's targets.
	 * @param dashboard the dashboard JSON
	 * @param rateInterval what {@code $__rate_interval} stands for, e.g. {@code 1m}
	 * @return one query per target, in panel order
	 */
	public static List<Query> read(Path dashboard, String rateInterval) {
		JsonNode root = JSON.readTree(dashboard.toFile());
		List<Query> queries = new ArrayList<>();
		for (JsonNode panel : root.path("panels")) {
			for (JsonNode target : panel.path("targets")) {
				String expression = target.path("expr").asString();
				if (!expression.isEmpty()) {
					queries.add(new Query(panel.path("title").asString(),
							expression.replace("$__rate_interval", rateInterval)
								// a variable set to All matches every value (its
								// allValue)
								.replaceAll("\"\\$[A-Za-z_]+\"", "\".*\"")));
				}
			}
		}
		return queries;
	}

	/**
	 * One panel target.
	 *
	 * @param panel the panel's title
	 * @param expression its PromQL
	 */
	public record Query(String panel, String expression) {
	}

}
