package io.eventops.agent.simulate;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.TlsTrust;
import io.eventops.agent.http.WireFormat;

/**
 * Provisions kiosks on the edge ({@code POST /admin/v1/kiosks}, ADMIN) and returns their
 * tokens, for the simulator and drills that start from an empty edge.
 */
public final class KioskProvisioner {

	private final HttpClient http;

	private final URI edgeUrl;

	private final String authorization;

	/**
	 * A provisioner.
	 * @param http the HTTP client, see {@link #httpClient(Path)}
	 * @param edgeUrl the edge
	 * @param adminUser an ADMIN user
	 * @param adminPassword its password
	 */
	public KioskProvisioner(HttpClient http, URI edgeUrl, String adminUser, String adminPassword) {
		this.http = http;
		this.edgeUrl = edgeUrl;
		this.authorization = "Basic " + Base64.getEncoder()
			.encodeToString((adminUser + ":" + adminPassword).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * An HTTP client trusting the given CA file.
	 * @param caFile PEM CA file or {@code null}
	 * @return the client
	 */
	public static HttpClient httpClient(Path caFile) {
		return EdgeClient.httpClient(TlsTrust.context(caFile), Duration.ofSeconds(5));
	}

	/**
	 * Provisions one kiosk.
	 * @param kioskId the kiosk
	 * @param eventId its event
	 * @param label a label for ops
	 * @param printerPool its printer pool
	 * @return the kiosk's token (shown once)
	 */
	public String provision(String kioskId, String eventId, String label, String printerPool) {
		return provision(kioskId, eventId, label, printerPool, null);
	}

	/**
	 * Provisions a kiosk for an area (issue #35), an entry kiosk.
	 * @param kioskId the kiosk
	 * @param eventId its event
	 * @param label a label for ops
	 * @param printerPool its printer pool
	 * @param areaId the area it serves, or {@code null} for none
	 * @return the kiosk's token
	 */
	public String provision(String kioskId, String eventId, String label, String printerPool, String areaId) {
		return provision(kioskId, eventId, label, printerPool, areaId, null);
	}

	/**
	 * Provisions a kiosk for an area and a direction (issue #35).
	 * @param kioskId the kiosk
	 * @param eventId its event
	 * @param label a label for ops
	 * @param printerPool its printer pool
	 * @param areaId the area it serves, or {@code null} for none
	 * @param direction {@code ENTRY}, {@code EXIT} or {@code BOTH}, or {@code null} for
	 * the edge's default ({@code ENTRY})
	 * @return the kiosk's token
	 */
	public String provision(String kioskId, String eventId, String label, String printerPool, String areaId,
			String direction) {
		Map<String, String> body = new LinkedHashMap<>();
		body.put("kioskId", kioskId);
		body.put("eventId", eventId);
		body.put("label", label);
		body.put("printerPool", printerPool);
		if (areaId != null) {
			body.put("areaId", areaId);
		}
		if (direction != null) {
			body.put("direction", direction);
		}
		HttpRequest request = HttpRequest.newBuilder(this.edgeUrl.resolve("/admin/v1/kiosks"))
			.header("Authorization", this.authorization)
			.header("Content-Type", "application/json")
			.timeout(Duration.ofSeconds(30))
			.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(body)))
			.build();
		try {
			HttpResponse<byte[]> response = this.http.send(request, HttpResponse.BodyHandlers.ofByteArray());
			if (response.statusCode() != 201) {
				throw new IllegalStateException("Provisioning kiosk " + kioskId + " failed: HTTP "
						+ response.statusCode() + " " + new String(response.body(), StandardCharsets.UTF_8));
			}
			return WireFormat.tree(response.body()).path("token").asString();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Provisioning kiosk " + kioskId + " failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while provisioning kiosk " + kioskId, ex);
		}
	}

}
