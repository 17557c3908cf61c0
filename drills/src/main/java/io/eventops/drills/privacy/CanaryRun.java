package io.eventops.drills.privacy;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import io.eventops.agent.CheckIn;
import io.eventops.agent.KioskAgent;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.config.AgentConfig;
import io.eventops.agent.screen.ScreenServer;
import io.eventops.agent.screen.ScreenSettings;
import io.eventops.drills.herd.HerdPolicy;
import io.eventops.drills.stack.AdminApi;
import io.eventops.drills.stack.Database;
import io.eventops.localstack.RunningSuite;
import io.eventops.model.flush.BadgeOverrides;
import io.eventops.printer.virtual.PrintedLabel;
import io.eventops.printer.virtual.VirtualPrinter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue #38's proof against a running suite: attendees whose names, companies and e-mails
 * are unique canaries (all starting with one random token) go through every flow over the
 * real APIs (import; a kiosk agent with its screen, its cache streamed from the edge over
 * TLS and its own SQLite files; a check-in at the screen, one with badge overrides typed
 * at the kiosk, a quarantined entry and its re-drive, a desk correction, a reprint, an
 * express code redeemed at the screen, badges printed on the suite's virtual printers,
 * the screen's search, the exports); a {@link CanarySearch} finds every canary before the
 * event's erasure, and nothing anywhere after it, while the head-count and the per-area
 * counts stay.
 */
public final class CanaryRun {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration WAIT = Duration.ofSeconds(60);

	private final RunningSuite suite;

	private final Path workDir;

	private final String runId;

	private final HttpClient http;

	private final HttpClient screenHttp = HttpClient.newHttpClient();

	private final String admin;

	/**
	 * A run.
	 * @param suite the running suite
	 * @param workDir where the kiosk agent's files go (its own directory)
	 * @param runId a short lowercase id
	 */
	public CanaryRun(RunningSuite suite, Path workDir, String runId) {
		this.suite = suite;
		this.workDir = workDir;
		this.runId = runId;
		this.http = AdminApi.of(suite).http();
		this.admin = "Basic " + Base64.getEncoder()
			.encodeToString(("admin:" + suite.adminPassword()).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * Runs it.
	 * @return what it found
	 * @throws Exception when the suite fails
	 */
	public Result run() throws Exception {
		long started = System.nanoTime();
		byte[] random = new byte[6];
		new SecureRandom().nextBytes(random);
		String token = "Cnry" + HexFormat.of().formatHex(random);
		AdminApi api = AdminApi.of(this.suite);
		String event = "cn-" + this.runId;
		String kiosk = "cn" + this.runId + "-k1";
		// a desk kiosk without an area: the entrance's entries must name their area, and
		// badge overrides travel with a plain check-in (kiosk-agent checkin)
		String desk = "cn" + this.runId + "-k2";
		// a1 at the screen, a2 with overrides typed at the kiosk, a3 corrected at the
		// desk
		// and reprinted, a4 and a5 by an express code, q quarantined (not imported yet)
		List<String> people = List.of("a1", "a2", "a3", "a4", "a5", "q");
		Map<String, String> ids = new LinkedHashMap<>();
		people.forEach((p) -> ids.put(p, "cn" + this.runId + "-" + p));
		List<String> canaries = new ArrayList<>();
		for (int i = 1; i <= people.size(); i++) {
			canaries.addAll(List.of(name(token, i), company(token, i), email(token, i)));
		}
		BadgeOverrides kioskTyped = new BadgeOverrides(token + "Kioskname", token + "Kioskcorp");
		BadgeOverrides quarantined = new BadgeOverrides(token + "Quarname", token + "Quarcorp");
		String deskName = token + "Deskname";
		String deskCompany = token + "Deskcorp";
		canaries.addAll(List.of(kioskTyped.displayName(), kioskTyped.company(), quarantined.displayName(),
				quarantined.company(), deskName, deskCompany));

		importAttendees(event, ids, token, List.of("a1", "a2", "a3", "a4", "a5"));
		api.putPolicy(event, HerdPolicy.json(OffsetDateTime.now()));
		String kioskToken = api.provisionKiosksInAreas(event, Map.of(kiosk, "entrance")).get(kiosk);
		String deskToken = api.provisionKiosks(event, List.of(desk)).get(desk);
		Path agentDir = Files.createDirectories(this.workDir);
		AgentConfig config = AgentConfig.defaults(kiosk, this.suite.edgeUrl(), kioskToken)
			.withCaFile(this.suite.caFile())
			.withDatabase(agentDir.resolve("kiosk.db"))
			.withBackoff(new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(1), 0.2, Duration.ofSeconds(1)));
		Map<String, String> responses = new TreeMap<>();
		List<String> quarantine = new ArrayList<>();
		Map<String, List<String>> before;
		Map<String, List<String>> after;
		Map<String, List<String>> agentFilesClosed;
		JsonNode headcountBefore;
		JsonNode areasBefore;
		JsonNode headcountAfter;
		JsonNode areasAfter;
		int printedWithCanary;
		Database database = new Database(this.suite);
		CanarySearch search = new CanarySearch(database, this.suite.redisPort(),
				List.of(this.suite.dataDir(), agentDir),
				// PostgreSQL's and Redis' own storage: the columns and keys are searched
				List.of(this.suite.dataDir().resolve("postgres"), this.suite.dataDir().resolve("redis-cluster")));
		long flowsStarted;
		long erased;
		AgentConfig deskConfig = AgentConfig.defaults(desk, this.suite.edgeUrl(), deskToken)
			.withCaFile(this.suite.caFile())
			.withDatabase(agentDir.resolve("desk.db"))
			.withBackoff(config.backoff());
		try (ScreenServer.Running kioskRun = ScreenServer.open(KioskAgent.builder(config),
				new ScreenSettings(0, "246810", Duration.ofMinutes(5), "en"));
				KioskAgent deskAgent = KioskAgent.open(deskConfig)) {
			KioskAgent agent = kioskRun.agent();
			deskAgent.syncCache(Duration.ZERO);
			URI screen = URI.create(kioskRun.screen().url());
			flowsStarted = System.nanoTime();
			// the cache is streamed to the kiosk: its screen finds the attendees
			await("the kiosk's cache holds the import",
					() -> people.subList(0, 5).stream().allMatch((p) -> agent.cache().find(ids.get(p)).isPresent())
							&& agent.cache().policy().isPresent());
			responses.put("kiosk screen search (answer)", screenSearch(screen, name(token, 1)));
			screenPost(screen, "api/check-ins", Map.of("attendeeId", ids.get("a1")), 201);
			screenPost(screen, "api/check-ins", Map.of("attendeeId", ids.get("a3")), 201);
			// badge overrides typed at the kiosk (kiosk-agent checkin --display-name)
			deskAgent.checkIn(new CheckIn(ids.get("a2"), null, false, kioskTyped));
			// an attendee the registry does not know yet: quarantined with its overrides
			deskAgent.checkIn(new CheckIn(ids.get("q"), null, false, quarantined));
			deskAgent.flushUntilDrained(WAIT);
			await("the kiosks' entries are delivered",
					() -> agent.status().pending() == 0 && deskAgent.status().pending() == 0);
			JsonNode rejection = awaitRejection(desk, ids.get("q"));
			importAttendees(event, ids, token, List.of("q"));
			send("POST",
					this.suite.reconUrl().resolve("/admin/v1/rejections/" + rejection.path("id").asLong() + "/redrive"),
					"{}", 200);
			send("POST", this.suite.reconUrl().resolve("/admin/v1/attendees/" + ids.get("a3") + "/corrections"), JSON
				.writeValueAsString(
						Map.of("displayName", deskName, "company", deskCompany, "reason", "misspelt at registration")),
					200);
			send("POST", this.suite.reconUrl().resolve("/admin/v1/attendees/" + ids.get("a3") + "/reprint"),
					"{\"reason\":\"torn at the desk\"}", 202);
			String code = JSON
				.readTree(send("POST", this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/express-codes"),
						JSON.writeValueAsString(Map.of("attendeeIds", List.of(ids.get("a4"), ids.get("a5")))), 201))
				.path("code")
				.asString();
			screenPost(screen, "api/express-codes",
					Map.of("code", code, "clientSubmissionId", UUID.randomUUID().toString()), 200);
			// badges printed on the virtual printers: a1's, a3's and a3's reprint at
			// least
			await("badges printed", () -> database
				.number("SELECT count(*) FROM printing.print_jobs WHERE event_id = ? AND state = 'PRINTED'", event) >= 3
					&& database.number("SELECT count(*) FROM printing.print_jobs WHERE event_id = ? AND state IN "
							+ "('PENDING', 'QUEUED', 'PRINTING')", event) == 0);
			printedWithCanary = printedWith(token);
			await("the kiosk's cache has the changes", () -> agent.cache().find(ids.get("q")).isPresent()
					&& agent.cache().find(ids.get("a3")).map((a) -> deskName.equals(a.displayName())).orElse(false));
			responses.put("export csv (answer)", send("GET",
					this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/export?format=csv"), null, 200));
			responses.put("export json (answer)", send("GET",
					this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/export?format=json"), null, 200));
			responses.put("attendee export (answer)", send("GET",
					this.suite.reconUrl().resolve("/admin/v1/attendees/" + ids.get("a3") + "/export"), null, 200));

			for (JsonNode stored : JSON.readTree(send("GET",
					this.suite.reconUrl().resolve("/admin/v1/rejections?kioskId=" + enc(desk)), null, 200))) {
				quarantine
					.add(stored.path("entry").path("attendeeId").asString() + " " + stored.path("reason").asString()
							+ " (re-drive: " + stored.path("redriveOutcome").asString("none") + ")");
			}
			before = search.find(token);
			answers(responses, token, before);
			headcountBefore = headcount(event);
			areasBefore = areas(event);

			erased = System.nanoTime();
			JsonNode erasure = JSON
				.readTree(send("POST", this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/erase"),
						"{\"reason\":\"canary search " + this.runId + "\"}", 200));
			if (!erasure.path("erased").asBoolean()) {
				throw new IllegalStateException("The erasure erased nothing: " + erasure);
			}
			// the kiosk receives ERASED; the orchestrator's erasure job empties the jobs
			// deleted on ERASED; a later change of an erased attendee (its badge job
			// withdrawn) may bring back its row, without personal data
			await("the kiosk deleted every attendee's personal data",
					() -> ids.values()
						.stream()
						.allMatch((id) -> agent.cache()
							.find(id)
							.map((a) -> a.displayName().isEmpty() && a.company() == null && a.email() == null)
							.orElse(true)),
					() -> ids.values().stream().map((id) -> id + "=" + agent.cache().find(id)).toList() + " at "
							+ agent.cache().streamSeq());
			await("the desk kiosk received ERASED and forgot its entries", () -> {
				try {
					deskAgent.syncCache(Duration.ofSeconds(1));
				}
				catch (IOException ex) {
					return false;
				}
				return deskAgent.latestEntryFor(ids.get("a2")).isEmpty()
						&& deskAgent.latestEntryFor(ids.get("q")).isEmpty();
			});
			await("the print orchestrator applied the erasure", () -> database.number(
					"SELECT count(*) FROM printing.applied_erasures a JOIN reconciler.erasures e ON e.id = a.erasure_id"
							+ " WHERE e.event_id = ?",
					event) > 0);
			responses.clear();
			responses.put("kiosk screen search (answer)", screenSearch(screen, token));
			responses.put("export csv (answer)", send("GET",
					this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/export?format=csv"), null, 200));
			responses.put("attendee export (answer)", send("GET",
					this.suite.reconUrl().resolve("/admin/v1/attendees/" + ids.get("a3") + "/export"), null, 200));
			after = search.find(token);
			answers(responses, token, after);
			headcountAfter = headcount(event);
			areasAfter = areas(event);
		}
		// the kiosk switched off: its files as a disk image would hold them
		agentFilesClosed = new CanarySearch(database, this.suite.redisPort(), List.of(agentDir), List.of()).find(token)
			.entrySet()
			.stream()
			.filter((hit) -> hit.getKey().startsWith("file "))
			.collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
		Map<String, List<String>> places = new LinkedHashMap<>();
		for (String canary : canaries) {
			places.put(canary, CanarySearch.placesOf(before, canary));
		}
		long now = System.nanoTime();
		return new Result(event, canaries, places, quarantine, after, agentFilesClosed, search.columnsSearched(),
				printedWithCanary, headcountBefore, headcountAfter, areasBefore, areasAfter,
				Duration.ofNanos(flowsStarted - started), Duration.ofNanos(erased - flowsStarted),
				Duration.ofNanos(now - erased));
	}

	private static String name(String token, int i) {
		return token + "Name" + i;
	}

	private static String company(String token, int i) {
		return token + "Corp" + i;
	}

	private static String email(String token, int i) {
		return token.toLowerCase(Locale.ROOT) + "mail" + i + "@example.org";
	}

	private void importAttendees(String event, Map<String, String> ids, String token, List<String> who) {
		List<String> order = List.copyOf(ids.keySet());
		List<Map<String, String>> body = new ArrayList<>();
		for (String person : who) {
			int i = order.indexOf(person) + 1;
			Map<String, String> attendee = new LinkedHashMap<>();
			attendee.put("attendeeId", ids.get(person));
			attendee.put("displayName", name(token, i));
			attendee.put("company", company(token, i));
			attendee.put("email", email(token, i));
			attendee.put("tier", "STANDARD");
			attendee.put("ticketType", "full");
			body.add(attendee);
		}
		send("POST", this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/attendees"),
				JSON.writeValueAsString(body), 200);
	}

	private JsonNode awaitRejection(String kiosk, String attendeeId) throws InterruptedException {
		JsonNode[] found = new JsonNode[1];
		await("the quarantined entry", () -> {
			for (JsonNode rejection : JSON.readTree(send("GET",
					this.suite.reconUrl().resolve("/admin/v1/rejections?kioskId=" + enc(kiosk)), null, 200))) {
				if (attendeeId.equals(rejection.path("entry").path("attendeeId").asString())) {
					found[0] = rejection;
					return true;
				}
			}
			return false;
		});
		return found[0];
	}

	private int printedWith(String token) {
		String needle = token.toLowerCase(Locale.ROOT);
		int count = 0;
		for (VirtualPrinter printer : this.suite.printers()) {
			for (PrintedLabel label : printer.printedLabels()) {
				if (label.zpl().toLowerCase(Locale.ROOT).contains(needle)) {
					count++;
				}
			}
		}
		return count;
	}

	// the answers of the screen and the exports count as places too
	private static void answers(Map<String, String> responses, String token, Map<String, List<String>> hits) {
		String needle = token.toLowerCase(Locale.ROOT);
		responses.forEach((place, body) -> {
			String lower = body.toLowerCase(Locale.ROOT);
			List<String> texts = new ArrayList<>();
			for (int at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
				texts.add(lower.substring(at, Math.min(lower.length(), at + 80)));
			}
			if (!texts.isEmpty()) {
				hits.put(place, texts);
			}
		});
	}

	private JsonNode headcount(String event) {
		return JSON.readTree(
				send("GET", this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/headcount"), null, 200));
	}

	private JsonNode areas(String event) {
		return JSON
			.readTree(send("GET", this.suite.reconUrl().resolve("/admin/v1/events/" + event + "/areas"), null, 200));
	}

	// the screen's search answer without its echo of the query
	private String screenSearch(URI screen, String query) throws IOException, InterruptedException {
		return JSON.readTree(screenGet(screen, "api/search?q=" + enc(query))).path("results").toString();
	}

	private String screenGet(URI screen, String path) throws IOException, InterruptedException {
		HttpResponse<String> response = this.screenHttp.send(HttpRequest.newBuilder(screen.resolve(path)).build(),
				HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IllegalStateException(
					"GET " + path + " at the screen answered " + response.statusCode() + ": " + response.body());
		}
		return response.body();
	}

	private void screenPost(URI screen, String path, Map<String, ?> body, int expected)
			throws IOException, InterruptedException {
		HttpResponse<String> response = this.screenHttp.send(HttpRequest.newBuilder(screen.resolve(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
			.build(), HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != expected) {
			throw new IllegalStateException(
					"POST " + path + " at the screen answered " + response.statusCode() + ": " + response.body());
		}
	}

	private String send(String method, URI uri, String json, int expected) {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri)
			.timeout(Duration.ofSeconds(60))
			.header("Authorization", this.admin);
		request.method(method,
				(json != null) ? HttpRequest.BodyPublishers.ofString(json) : HttpRequest.BodyPublishers.noBody());
		if (json != null) {
			request.header("Content-Type", "application/json");
		}
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != expected) {
				throw new IllegalStateException(
						method + " " + uri + " answered " + response.statusCode() + ": " + response.body());
			}
			return response.body();
		}
		catch (IOException ex) {
			throw new IllegalStateException(method + " " + uri + " failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted: " + method + " " + uri, ex);
		}
	}

	private static String enc(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

	// bounded polling (main code: the drills' own loops, not Awaitility)
	private static void await(String what, BooleanSupplier condition) throws InterruptedException {
		await(what, condition, () -> "");
	}

	private static void await(String what, BooleanSupplier condition, java.util.function.Supplier<String> state)
			throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Not within " + WAIT.toSeconds() + " s: " + what + " " + state.get());
			}
			Thread.sleep(100);
		}
	}

	/**
	 * What a run found.
	 *
	 * @param eventId the event
	 * @param canaries every canary of the run
	 * @param placesBefore canary to the places that held it before the erasure
	 * @param quarantined the kiosk's quarantined entries: attendee, reason, re-drive
	 * @param hitsAfter place to the token's text there after the erasure (should be
	 * empty)
	 * @param agentFilesAfterClose the kiosk agent's files holding the token after it
	 * closed
	 * @param columnsSearched columns of the database searched
	 * @param labelsWithCanary labels the virtual printers printed with a canary
	 * @param headcountBefore head-count before the erasure
	 * @param headcountAfter head-count after it
	 * @param areasBefore per-area counts before the erasure
	 * @param areasAfter per-area counts after it
	 * @param setup import, policy, kiosk
	 * @param flows the flows and the first search
	 * @param erasure the erasure, its waits and the second search
	 */
	public record Result(String eventId, List<String> canaries, Map<String, List<String>> placesBefore,
			List<String> quarantined, Map<String, List<String>> hitsAfter,
			Map<String, List<String>> agentFilesAfterClose, int columnsSearched, int labelsWithCanary,
			JsonNode headcountBefore, JsonNode headcountAfter, JsonNode areasBefore, JsonNode areasAfter,
			Duration setup, Duration flows, Duration erasure) {

		/**
		 * The report's lines.
		 * @return markdown
		 */
		public String markdown() {
			StringBuilder out = new StringBuilder();
			out.append(String.format(
					"canary search of event %s: %d canaries, %d columns, %d labels printed with one;"
							+ " setup %.1f s, flows and search %.1f s, erasure and search %.1f s%n",
					this.eventId, this.canaries.size(), this.columnsSearched, this.labelsWithCanary,
					this.setup.toMillis() / 1000.0, this.flows.toMillis() / 1000.0, this.erasure.toMillis() / 1000.0));
			out.append("before the erasure:\n");
			this.placesBefore.forEach((canary, places) -> out.append("  ")
				.append(canary)
				.append(": ")
				.append(places.isEmpty() ? "**nowhere**" : String.join(", ", places))
				.append('\n'));
			out.append("quarantined: ").append(this.quarantined).append('\n');
			out.append("after the erasure: ")
				.append(this.hitsAfter.isEmpty() ? "none" : this.hitsAfter.toString())
				.append("; the kiosk's files once closed: ")
				.append(this.agentFilesAfterClose.isEmpty() ? "none" : this.agentFilesAfterClose.toString())
				.append('\n');
			out.append("head-count ")
				.append(this.headcountBefore)
				.append(" -> ")
				.append(this.headcountAfter)
				.append("\nareas ")
				.append(this.areasBefore)
				.append(" -> ")
				.append(this.areasAfter)
				.append('\n');
			return out.toString();
		}

	}

}
