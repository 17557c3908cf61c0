package io.eventops.drills.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.eventops.agent.simulate.KioskProvisioner;
import io.eventops.localstack.RunningSuite;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The suite's admin and ops APIs as the drills use them (import, provisioning, kiosk
 * watermarks, head-count, printers, failover, print jobs, Prometheus), over the CA the
 * edge's certificate is trusted as.
 */
public final class AdminApi {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final RunningSuite suite;

	private final HttpClient http;

	private final String admin;

	private AdminApi(RunningSuite suite, HttpClient http) {
		this.suite = suite;
		this.http = http;
		this.admin = "Basic " + Base64.getEncoder()
			.encodeToString(("admin:" + suite.adminPassword()).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * The API of a running suite.
	 * @param suite the suite
	 * @return the API
	 */
	public static AdminApi of(RunningSuite suite) {
		return new AdminApi(suite, KioskProvisioner.httpClient(suite.caFile()));
	}

	/**
	 * The HTTP client trusting the edge (shared by the kiosks of a drill).
	 * @return the client
	 */
	public HttpClient http() {
		return this.http;
	}

	/**
	 * Imports attendees of an event (upsert), in chunks.
	 * @param eventId the event
	 * @param attendeeIds the attendees
	 */
	public void importAttendees(String eventId, List<String> attendeeIds) {
		for (int from = 0; from < attendeeIds.size(); from += 5000) {
			List<Map<String, String>> chunk = new ArrayList<>();
			for (String id : attendeeIds.subList(from, Math.min(attendeeIds.size(), from + 5000))) {
				Map<String, String> attendee = new LinkedHashMap<>();
				attendee.put("attendeeId", id);
				attendee.put("displayName", "Attendee " + id);
				attendee.put("company", "Drill Corp");
				attendee.put("tier", "STANDARD");
				chunk.add(attendee);
			}
			send("POST", this.suite.reconUrl().resolve("/admin/v1/events/" + eventId + "/attendees"),
					JSON.writeValueAsString(chunk), 200);
		}
	}

	/**
	 * Provisions kiosks on the edge.
	 * @param eventId their event
	 * @param kioskIds the kiosks
	 * @return token by kiosk
	 */
	public Map<String, String> provisionKiosks(String eventId, List<String> kioskIds) {
		Map<String, String> pools = new LinkedHashMap<>();
		kioskIds.forEach((kiosk) -> pools.put(kiosk, "default"));
		return provisionKiosks(eventId, pools);
	}

	/**
	 * Provisions kiosks on the edge, each printing on its own given pool.
	 * @param eventId the event
	 * @param pools printer pool by kiosk id
	 * @return token by kiosk id
	 */
	public Map<String, String> provisionKiosks(String eventId, Map<String, String> pools) {
		KioskProvisioner provisioner = new KioskProvisioner(this.http, this.suite.edgeUrl(), "admin",
				this.suite.adminPassword());
		Map<String, String> tokens = new LinkedHashMap<>();
		pools.forEach((kiosk, pool) -> tokens.put(kiosk,
				provisioner.provision(kiosk, eventId, "drill kiosk " + kiosk, pool)));
		return tokens;
	}

	/**
	 * Provisions entry kiosks on the edge, each for its area (issue #35), printing on
	 * pool {@code default}.
	 * @param eventId the event
	 * @param areas area by kiosk id
	 * @return token by kiosk id
	 */
	public Map<String, String> provisionKiosksInAreas(String eventId, Map<String, String> areas) {
		KioskProvisioner provisioner = new KioskProvisioner(this.http, this.suite.edgeUrl(), "admin",
				this.suite.adminPassword());
		Map<String, String> tokens = new LinkedHashMap<>();
		areas.forEach((kiosk, area) -> tokens.put(kiosk,
				provisioner.provision(kiosk, eventId, "drill kiosk " + kiosk, "default", area)));
		return tokens;
	}

	/**
	 * Saves an event's access-control policy ({@code PUT
	 * /admin/v1/events/{eventId}/policy}).
	 * @param eventId the event
	 * @param policyJson the policy
	 * @return the version the save made
	 */
	public long putPolicy(String eventId, String policyJson) {
		return JSON
			.readTree(send("PUT", this.suite.reconUrl().resolve("/admin/v1/events/" + eventId + "/policy"), policyJson,
					200))
			.path("version")
			.asLong();
	}

	/**
	 * Registers a printer with the orchestrator ({@code POST /admin/v1/printers}).
	 * @param printerId the printer
	 * @param host its host
	 * @param port its port
	 * @param pool its pool
	 */
	public void registerPrinter(String printerId, String host, int port, String pool) {
		send("POST", this.suite.printUrl().resolve("/admin/v1/printers"), "{\"printerId\":\"" + printerId
				+ "\",\"host\":\"" + host + "\",\"port\":" + port + ",\"pool\":\"" + pool + "\"}", 201);
	}

	/**
	 * Who is inside an area now as the reconciler counts it ({@code GET
	 * /admin/v1/events/{eventId}/areas/{areaId}/occupancy}, issue #36).
	 * @param eventId the event
	 * @param areaId the area
	 * @return the occupancy's JSON
	 */
	public JsonNode occupancy(String eventId, String areaId) {
		return get(this.suite.reconUrl().resolve("/admin/v1/events/" + eventId + "/areas/" + areaId + "/occupancy"));
	}

	/**
	 * Provisions kiosks on the edge for one area, each with its direction (issue #36).
	 * @param eventId the event
	 * @param areaId the area
	 * @param directions direction ({@code ENTRY}, {@code EXIT}, {@code BOTH}) by kiosk id
	 * @return token by kiosk id
	 */
	public Map<String, String> provisionKiosksAt(String eventId, String areaId, Map<String, String> directions) {
		KioskProvisioner provisioner = new KioskProvisioner(this.http, this.suite.edgeUrl(), "admin",
				this.suite.adminPassword());
		Map<String, String> tokens = new LinkedHashMap<>();
		directions.forEach((kiosk, direction) -> tokens.put(kiosk,
				provisioner.provision(kiosk, eventId, "drill kiosk " + kiosk, "default", areaId, direction)));
		return tokens;
	}

	/**
	 * The edge's view of every kiosk ({@code GET /admin/v1/kiosks}).
	 * @return kiosk id to its JSON
	 */
	public Map<String, JsonNode> kiosks() {
		Map<String, JsonNode> kiosks = new LinkedHashMap<>();
		for (JsonNode kiosk : get(this.suite.edgeUrl().resolve("/admin/v1/kiosks"))) {
			kiosks.put(kiosk.path("kioskId").asString(), kiosk);
		}
		return kiosks;
	}

	/**
	 * The head-count of an event.
	 * @param eventId the event
	 * @return {@code registered}, {@code checkedIn}, {@code badgeJobs}
	 */
	public JsonNode headcount(String eventId) {
		return get(this.suite.reconUrl().resolve("/admin/v1/events/" + eventId + "/headcount"));
	}

	/**
	 * The printers as the orchestrator sees them.
	 * @return printer id to its JSON
	 */
	public Map<String, JsonNode> printers() {
		Map<String, JsonNode> printers = new LinkedHashMap<>();
		for (JsonNode printer : get(this.suite.printUrl().resolve("/admin/v1/printers"))) {
			printers.put(printer.path("printerId").asString(), printer);
		}
		return printers;
	}

	/**
	 * Asks for a failover of a printer (idempotent).
	 * @param printerId the printer
	 * @return {@code moved}, {@code skipped}, {@code deadDepth}
	 */
	public JsonNode failover(String printerId) {
		return JSON.readTree(send("POST",
				this.suite.printUrl().resolve("/admin/v1/printers/" + printerId + "/failover"), "{}", 200));
	}

	/**
	 * An ops action on a printer ({@code probe-print}, {@code enable}, {@code disable}).
	 * @param printerId the printer
	 * @param action the action
	 * @return the answer's body
	 */
	public String printerAction(String printerId, String action) {
		return send("POST", this.suite.printUrl().resolve("/admin/v1/printers/" + printerId + "/" + action), "{}", 200);
	}

	/**
	 * An ops action on a printer, answering the status instead of failing on a refusal.
	 * @param printerId the printer
	 * @param action the action
	 * @return the HTTP status
	 */
	public int tryPrinterAction(String printerId, String action) {
		try {
			return this.http
				.send(HttpRequest
					.newBuilder(this.suite.printUrl().resolve("/admin/v1/printers/" + printerId + "/" + action))
					.timeout(Duration.ofSeconds(60))
					.header("Authorization", this.admin)
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString("{}"))
					.build(), HttpResponse.BodyHandlers.discarding())
				.statusCode();
		}
		catch (IOException ex) {
			return 0;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
	}

	/**
	 * Scrapes a Prometheus endpoint.
	 * @param base the service's management base URL
	 * @return the exposition text
	 */
	public String prometheus(URI base) {
		// without credentials: the management port is plain HTTP and refuses them (#37)
		return send("GET", base.resolve("/actuator/prometheus"), null, 200, "text/plain", false);
	}

	private JsonNode get(URI uri) {
		return JSON.readTree(send("GET", uri, null, 200));
	}

	private String send(String method, URI uri, String json, int expected) {
		return send(method, uri, json, expected, "application/json");
	}

	private String send(String method, URI uri, String json, int expected, String accept) {
		return send(method, uri, json, expected, accept, true);
	}

	private String send(String method, URI uri, String json, int expected, String accept, boolean credentials) {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri)
			.timeout(Duration.ofSeconds(60))
			.header("Accept", accept);
		if (credentials) {
			request.header("Authorization", this.admin);
		}
		if (json != null) {
			request.header("Content-Type", "application/json")
				.method(method, HttpRequest.BodyPublishers.ofString(json));
		}
		else {
			request.method(method, HttpRequest.BodyPublishers.noBody());
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

}
