package io.eventops.deploy;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class RunbooksTests {

	/** Tables and views of the services' Flyway migrations that runbooks may query. */
	private static final Set<String> TABLES = Set.of("reconciler.check_ins", "reconciler.processed_entries",
			"reconciler.badge_jobs", "reconciler.attendees", "reconciler.events", "reconciler.rejections",
			"reconciler.change_log", "reconciler.express_codes", "reconciler.badge_job_feed", "reconciler.movements",
			"reconciler.event_policies", "edge.kiosks", "printing.print_jobs", "printing.printers");

	/** ARCHITECTURE.md's Redis keys, with their literal hash tag. */
	private static final List<Pattern> REDIS_KEYS = List.of(Pattern.compile("ckin:claim:\\{[^}]+}:[^\"' ]+"),
			Pattern.compile("ckin:dispatch:paused"), Pattern.compile("print:q:\\{[^}]+}"),
			Pattern.compile("print:inflight:\\{[^}]+}"), Pattern.compile("print:done:\\{[^}]+}"),
			Pattern.compile("print:probefail:\\{[^}]+}"));

	private static final Pattern TABLE = Pattern.compile("\\b(reconciler|printing|edge)\\.([a-z_]+)\\b");

	private static final Pattern KEY = Pattern.compile("\\b(ckin|print):[^\\s\"'`]+");

	private static final Pattern API_PATH = Pattern
		.compile("\\$(RECON|PRINT|EDGE|RECON_MGMT|PRINT_MGMT|EDGE_MGMT)(/[^\\s\"'`?]*)");

	private static final List<String> PATH_PREFIXES = List.of("/v1/kiosks/", "/admin/v1/kiosks", "/admin/v1/events/",
			"/admin/v1/attendees/", "/admin/v1/rejections", "/admin/v1/express-codes", "/admin/v1/printers",
			"/admin/v1/dispatch", "/admin/v1/print-jobs", "/actuator/health", "/actuator/prometheus");

	@ParameterizedTest
	@ValueSource(strings = { "reconnect-divergence.md", "printer-death.md", "replay-storm.md",
			"kiosk-stopped-flushing.md", "print-ledger.md", "service-health.md", "access-control.md" })
	void runbookUsesOnlyRealTablesKeysAndEndpoints(String name) {
		String text = runbook(name);
		assertThat(runbook("README.md")).contains("(" + name + ")");
		assertThat(text).contains("curl -s").contains("psql \"$PGURL\"");
		Matcher tables = TABLE.matcher(text);
		while (tables.find()) {
			assertThat(TABLES).as("%s: table %s", name, tables.group()).contains(tables.group());
		}
		Matcher keys = KEY.matcher(text);
		while (keys.find()) {
			String key = keys.group().replace("$KIOSK", "kiosk-01").replace("$PRINTER", "primary");
			if (!key.equals("print:done") && !key.startsWith("print:done`")) {
				assertThat(REDIS_KEYS).as("%s: Redis key %s", name, key)
					.anySatisfy((pattern) -> assertThat(key).matches(pattern));
			}
		}
		Matcher paths = API_PATH.matcher(text);
		int count = 0;
		while (paths.find()) {
			String path = paths.group(2);
			assertThat(PATH_PREFIXES).as("%s: endpoint %s", name, path).anyMatch(path::startsWith);
			// every service answers /actuator/** on its management port only, never on
			// its API
			// port
			assertThat(path.startsWith("/actuator/")).as("%s: $%s%s", name, paths.group(1), path)
				.isEqualTo(paths.group(1).endsWith("_MGMT"));
			count++;
		}
		assertThat(count).as(name).isPositive();
	}

	@ParameterizedTest
	@ValueSource(strings = { "reconnect-divergence.md", "printer-death.md", "replay-storm.md",
			"kiosk-stopped-flushing.md", "print-ledger.md", "service-health.md", "access-control.md" })
	void opsCallsAuthenticateWithTheRealUsers(String name) {
		List<String> adminCalls = commands(runbook(name)).stream()
			.filter((command) -> command.startsWith("curl") && command.contains("/admin/v1/"))
			.toList();
		assertThat(adminCalls).as(name).isNotEmpty();
		assertThat(adminCalls).as(name)
			.allSatisfy((command) -> assertThat(command).containsAnyOf("-u ops:$EVENTOPS_OPS_PASSWORD",
					"-u admin:$EVENTOPS_ADMIN_PASSWORD"));
	}

	// nothing to fill in by hand that would run as-is against the wrong id; values come
	// from
	// the alert, a query or a prompt
	@ParameterizedTest
	@ValueSource(strings = { "README.md", "reconnect-divergence.md", "printer-death.md", "replay-storm.md",
			"kiosk-stopped-flushing.md", "print-ledger.md", "service-health.md", "access-control.md" })
	void commandsHaveNoPlaceholdersAndPostIncidentQueriesCanFail(String name) {
		for (String command : commands(runbook(name))) {
			String code = command.contains(" #") ? command.substring(0, command.indexOf(" #")) : command;
			assertThat(code).as(name).doesNotContainPattern("<[A-Za-z]+>").doesNotContain("...");
			assertThat(code).as(name).doesNotMatch(".*/(rejections|attendees|print-jobs)/[0-9a-z_]*[0-9]+(/|\\s|$).*");
		}
		// attendee_id is the primary key of check_ins: grouping by it can never find a
		// duplicate
		assertThat(runbook(name)).as(name).doesNotContainPattern("check_ins\\s+GROUP BY");
	}

	@org.junit.jupiter.api.Test
	void theShellSetUpCoversTheLocalStackComposeAndKubernetes() {
		String readme = runbook("README.md");
		assertThat(readme).contains("**Local stack**", "**Docker Compose**", "**Kubernetes**")
			.contains("docker compose exec -T redis redis-cli")
			.contains("kubectl -n eventops exec -i deploy/eventops-toolbox -c psql -- psql")
			.contains("kubectl -n eventops get secret edge-tls")
			.contains("kubectl -n eventops port-forward svc/kiosk-sync-service 8443:8443 9443:9443")
			.contains("kubectl -n eventops port-forward svc/reconciler-service 8081:8081 9081:9081")
			.contains("kubectl -n eventops port-forward svc/print-orchestrator 8082:8082 9082:9082");
		// the management ports, on every platform
		assertThat(readme.split("RECON_MGMT=http://localhost:9081", -1)).hasSize(4);
		assertThat(readme.split("PRINT_MGMT=http://localhost:9082", -1)).hasSize(4);
		assertThat(RepositoryFiles.read(RepositoryFiles.resolve("k8s/base/toolbox.yaml")))
			.contains("name: eventops-toolbox")
			.contains("name: psql")
			.contains("name: redis");
	}

	/** The shell commands of a runbook's code blocks, continuation lines joined. */
	private static List<String> commands(String markdown) {
		List<String> commands = new java.util.ArrayList<>();
		boolean inBlock = false;
		StringBuilder command = new StringBuilder();
		for (String line : markdown.lines().toList()) {
			if (line.startsWith("```")) {
				inBlock = !inBlock;
				continue;
			}
			if (!inBlock) {
				continue;
			}
			String code = line.strip();
			if (code.endsWith("\\")) {
				command.append(code, 0, code.length() - 1).append(' ');
				continue;
			}
			commands.add(command.append(code).toString());
			command.setLength(0);
		}
		return commands;
	}

	private static String runbook(String name) {
		Path file = RepositoryFiles.resolve("docs/runbooks/" + name);
		assertThat(file).isRegularFile();
		return RepositoryFiles.read(file);
	}

}
