package io.eventops.drills.admission;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.eventops.drills.herd.HerdPolicy;
import io.eventops.drills.report.Latency;
import io.eventops.drills.stack.AdminApi;
import io.eventops.localstack.RunningSuite;
import io.eventops.model.time.Rfc3339;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The online admission check on the idle suite (issue #35): an event with the herd's
 * policy of three areas and a rule, half of its attendees already admitted to the hall,
 * and kiosks of the hall asking the edge, one question at a time, about attendees in
 * random order; each question is followed by the cheapest authenticated kiosk request
 * ({@code sync-state}), so that the report can give the check's cost as a ratio to it on
 * the same run, beside its absolute p99 (target: under 100 ms).
 */
public final class AdmissionBench {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String HALL = "main-hall";

	// at most this many requests per second in all
	private static final int REQUESTS_PER_SECOND = 100;

	// and at most this many per kiosk, below the edge's default per-kiosk rate (10/s,
	// burst 20), so that the limiter is never what is measured: with four kiosks sharing
	// 100/s each sent 25/s, and a run on a fast machine met 429 on its last requests
	private static final int REQUESTS_PER_SECOND_PER_KIOSK = 8;

	private final RunningSuite suite;

	private final Plan plan;

	private final String runId;

	/**
	 * A benchmark.
	 * @param suite the running suite
	 * @param plan its size
	 * @param runId a short lowercase id
	 */
	public AdmissionBench(RunningSuite suite, Plan plan, String runId) {
		this.suite = suite;
		this.plan = plan;
		this.runId = runId;
	}

	/**
	 * Runs it.
	 * @return what it measured
	 * @throws Exception when the suite fails
	 */
	public Result run() throws Exception {
		AdminApi admin = AdminApi.of(this.suite);
		HttpClient http = admin.http();
		String eventId = "adm-" + this.runId;
		List<String> attendees = new ArrayList<>();
		for (int i = 1; i <= this.plan.attendees(); i++) {
			attendees.add(String.format("ad%s-a%05d", this.runId, i));
		}
		admin.importAttendees(eventId, attendees);
		String policy = HerdPolicy.json(OffsetDateTime.now());
		long version = admin.putPolicy(eventId, policy);
		Map<String, String> areas = new LinkedHashMap<>();
		for (int k = 1; k <= this.plan.kiosks(); k++) {
			areas.put(String.format("ad%s-k%02d", this.runId, k), HALL);
		}
		Map<String, String> tokens = admin.provisionKiosksInAreas(eventId, areas);
		List<String> kiosks = List.copyOf(tokens.keySet());
		// the history: every other attendee admitted to the hall a while ago
		admitHalf(http, kiosks.get(0), tokens.get(kiosks.get(0)), attendees, version);

		java.util.SplittableRandom random = new java.util.SplittableRandom(this.plan.seed());
		List<Double> checks = new ArrayList<>();
		List<Double> syncStates = new ArrayList<>();
		Map<String, Long> answers = new TreeMap<>();
		long pace = 1_000_000_000L
				/ Math.min(REQUESTS_PER_SECOND, (long) REQUESTS_PER_SECOND_PER_KIOSK * kiosks.size());
		int total = this.plan.warmup() + this.plan.checks();
		for (int i = 0; i < total; i++) {
			String kiosk = kiosks.get(i % kiosks.size());
			String token = tokens.get(kiosk);
			String attendee = attendees.get(random.nextInt(attendees.size()));
			long started = System.nanoTime();
			// RFC 3339 always with seconds: OffsetDateTime.toString() drops ":00", which
			// the
			// edge refuses (422)
			String capturedAt = Rfc3339.format(OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS));
			HttpResponse<String> answer = send(http, kiosk, token, "/admission-check",
					"{\"attendeeId\":\"" + attendee + "\",\"capturedAt\":\"" + capturedAt + "\"}");
			double checkMs = (System.nanoTime() - started) / 1e6;
			long between = System.nanoTime();
			HttpResponse<String> state = send(http, kiosk, token, "/sync-state", null);
			double stateMs = (System.nanoTime() - between) / 1e6;
			String outcome = outcome(answer);
			if (state.statusCode() != 200) {
				outcome = "sync-state " + state.statusCode();
			}
			if (i >= this.plan.warmup()) {
				checks.add(checkMs);
				syncStates.add(stateMs);
				answers.merge(outcome, 1L, Long::sum);
			}
			long wait = pace * 2 - (System.nanoTime() - started);
			if (wait > 0) {
				Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
			}
		}
		return new Result(this.runId, this.plan, version, Latency.of(checks), Latency.of(syncStates), answers);
	}

	private void admitHalf(HttpClient http, String kiosk, String token, List<String> attendees, long version)
			throws IOException, InterruptedException {
		OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(30).truncatedTo(ChronoUnit.SECONDS);
		long seq = 0;
		List<String> batch = new ArrayList<>();
		for (int i = 0; i < attendees.size(); i += 2) {
			seq++;
			batch.add(String.format(
					"{\"seq\":%d,\"idempotencyKey\":\"%s:%d\",\"type\":\"CHECK_IN\",\"attendeeId\":\"%s\","
							+ "\"capturedAt\":\"%s\",\"queuedAt\":\"%s\",\"areaId\":\"%s\",\"policyVersion\":%d,"
							+ "\"kioskDecision\":{\"decision\":\"ADMIT\"}}",
					seq, kiosk, seq, attendees.get(i), at, at, HALL, version));
			if (batch.size() == 500 || i + 2 >= attendees.size()) {
				String body = "{\"highestLocalSeq\":" + seq + ",\"entries\":[" + String.join(",", batch) + "]}";
				HttpResponse<String> answer = send(http, kiosk, token, "/flush", body);
				if (answer.statusCode() != 200) {
					throw new IllegalStateException(
							"the history's flush answered " + answer.statusCode() + ": " + answer.body());
				}
				batch.clear();
			}
		}
	}

	private static String outcome(HttpResponse<String> answer) {
		if (answer.statusCode() != 200) {
			return "status " + answer.statusCode();
		}
		JsonNode body = JSON.readTree(answer.body());
		String decision = body.path("decision").asString("?");
		return body.hasNonNull("reason") ? decision + " " + body.path("reason").asString() : decision;
	}

	private HttpResponse<String> send(HttpClient http, String kiosk, String token, String path, String json)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(this.suite.edgeUrl().resolve(URI.create("/v1/kiosks/" + kiosk + path)))
			.timeout(Duration.ofSeconds(30))
			.header("Authorization", "Bearer " + token);
		if (json != null) {
			request.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
		}
		else {
			request.GET();
		}
		return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * The benchmark's size.
	 *
	 * @param attendees registry size (half of them admitted to the hall before)
	 * @param kiosks hall kiosks asking in turn
	 * @param warmup questions not measured
	 * @param checks questions measured
	 * @param seed the attendee order's seed
	 */
	public record Plan(int attendees, int kiosks, int warmup, int checks, long seed) {
	}

	/**
	 * What one run measured.
	 *
	 * @param runId the run
	 * @param plan its size
	 * @param policyVersion the policy version decided under
	 * @param check the admission check's latency
	 * @param syncState the sync-state read's latency right after each check
	 * @param answers how many of each answer ({@code ADMIT},
	 * {@code REFUSE ALREADY_ENTERED}, {@code status 429}, ...)
	 */
	public record Result(String runId, Plan plan, long policyVersion, Latency check, Latency syncState,
			Map<String, Long> answers) {

		/** The target for the check's p99 on the idle suite. */
		public static final double P99_TARGET_MS = 100;

		/**
		 * Whether every question got a decision.
		 * @return no status other than 200
		 */
		public boolean allDecided() {
			return this.answers.keySet()
				.stream()
				.allMatch((answer) -> answer.startsWith("ADMIT") || answer.startsWith("REFUSE"));
		}

		/**
		 * The report.
		 * @return markdown
		 */
		public String markdown() {
			StringBuilder out = new StringBuilder();
			out.append("# drills admission ").append(this.runId).append("\n\n");
			out.append(String.format(
					"%d questions (after %d unmeasured) from %d kiosks of one area, %d attendees,"
							+ " half admitted before; policy v%d; at most %d requests/s in all%n%n",
					this.plan.checks(), this.plan.warmup(), this.plan.kiosks(), this.plan.attendees(),
					this.policyVersion, REQUESTS_PER_SECOND));
			out.append("| request | p50 | p95 | p99 | max | mean |\n|---|---|---|---|---|---|\n");
			row(out, "POST admission-check", this.check);
			row(out, "GET sync-state (same kiosk, right after)", this.syncState);
			out.append(String.format("%n| measure | value |%n|---|---|%n"));
			out.append(String.format("| admission-check p99 (target < %.0f ms) | %.1f ms: %s |%n", P99_TARGET_MS,
					this.check.p99(), (this.check.p99() < P99_TARGET_MS) ? "met" : "**not met**"));
			out.append(String.format("| admission-check p99 / sync-state p99 (same run) | %.2f |%n",
					this.check.p99() / Math.max(0.001, this.syncState.p99())));
			out.append(String.format("| answers | %s |%n", this.answers));
			return out.toString();
		}

		private static void row(StringBuilder out, String name, Latency latency) {
			out.append(String.format("| %s | %.1f | %.1f | %.1f | %.1f | %.1f |%n", name, latency.p50(), latency.p95(),
					latency.p99(), latency.max(), latency.mean()));
		}

	}

}
