package io.eventops.agent.enrol;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import javax.net.ssl.SSLPeerUnverifiedException;

import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.TlsTrust;
import io.eventops.agent.http.WireFormat;
import tools.jackson.databind.JsonNode;

/**
 * Redeems a one-time enrolment code at the edge ({@code POST /v1/enrol}) and writes the
 * kiosk's configuration file, created readable by its owner only before the token is in
 * it and never over another file, with the SHA-256 of the edge certificate it enrolled
 * against pinned: every later connection refuses an edge that presents another one. What
 * the device can check by itself (the file can be created, the {@code database} log is no
 * other kiosk's) is checked before the code is redeemed, so that it never burns the code.
 *
 * @param edge the edge's base URL, https only
 * @param caFile a PEM CA file to trust, or null for the pin or the JDK's trust store
 * @param pin the SHA-256 of the only edge certificate to accept (64 hex digits, colons
 * allowed), or null
 * @param target where to write the configuration
 * @param database the SQLite log file to write into the configuration, or null
 */
public record Enrolment(URI edge, Path caFile, String pin, Path target, String database) {

	/**
	 * Checks the arguments; a bad one is refused with a message naming it.
	 */
	public Enrolment {
		String url = edge.toString();
		edge = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
		if (!"https".equalsIgnoreCase(edge.getScheme())) {
			throw new IllegalArgumentException("--edge must be an https URL, not '" + url + "'");
		}
		pin = (pin != null) ? pin.replace(":", "").toLowerCase() : null;
		if (pin != null && !pin.matches("[0-9a-f]{64}")) {
			throw new IllegalArgumentException("--edge-cert-sha256 must be 64 hex digits (colons allowed)");
		}
	}

	/**
	 * Redeems the code and, when the edge enrolled the kiosk, writes the configuration.
	 * @param code the code as typed or scanned (the edge ignores case, spaces and
	 * hyphens)
	 * @param label a human name for the kiosk, or null
	 * @return what happened
	 * @throws IllegalArgumentException when the configuration file exists already
	 * @throws InterruptedException when interrupted while waiting for the edge
	 */
	public Outcome enrol(String code, String label) throws InterruptedException {
		if (Files.exists(this.target)) {
			throw new IllegalArgumentException(
					this.target + " exists: this kiosk is enrolled already (to enrol it again, flush or export its log "
							+ "first: docs/fleet.md, Re-enrolling a device)");
		}
		// everything the device can find out by itself is checked before the code is
		// redeemed: a redeemed code is used, and a kiosk whose token nobody can use is
		// stuck at the edge
		Outcome taken = logInUse();
		if (taken != null) {
			return taken;
		}
		ConfigWriter writer;
		try {
			writer = ConfigWriter.prepare(this.target);
		}
		catch (IOException ex) {
			return new NotWritable(this.target, ex.toString());
		}
		try {
			Outcome outcome = redeem(code, label, writer);
			if (!(outcome instanceof Enrolled)) {
				writer.discard();
			}
			return outcome;
		}
		catch (InterruptedException | RuntimeException ex) {
			writer.discard();
			throw ex;
		}
	}

	private Outcome redeem(String code, String label, ConfigWriter writer) throws InterruptedException {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("code", code);
		if (label != null && !label.isBlank()) {
			body.put("label", label.strip());
		}
		HttpResponse<String> answer;
		try (HttpClient http = EdgeClient.httpClient(TlsTrust.context(this.caFile, this.pin), Duration.ofSeconds(10))) {
			answer = http.send(HttpRequest.newBuilder(URI.create(this.edge + "/v1/enrol"))
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(body)))
				.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			return new Unreachable("the edge at " + this.edge + " cannot be reached over TLS: " + ex);
		}
		if (answer.statusCode() != 201) {
			return refused(answer.statusCode(), answer.body());
		}
		Certificate[] presented = answer.sslSession().map((session) -> {
			try {
				return session.getPeerCertificates();
			}
			catch (SSLPeerUnverifiedException ex) {
				return new Certificate[0];
			}
		}).orElse(new Certificate[0]);
		if (presented.length == 0) {
			return new Unreachable("the edge's certificate cannot be read; nothing was written");
		}
		JsonNode kiosk = WireFormat.tree(answer.body().getBytes(StandardCharsets.UTF_8));
		Enrolled enrolled = new Enrolled(kiosk.get("kioskId").stringValue(), text(kiosk, "eventId"),
				text(kiosk, "areaId"), text(kiosk, "direction"), text(kiosk, "profile"), TlsTrust.sha256(presented[0]),
				this.target);
		Properties settings = new Properties();
		settings.setProperty("kiosk-id", enrolled.kioskId());
		settings.setProperty("edge-url", this.edge.toString());
		settings.setProperty("token", kiosk.get("token").stringValue());
		settings.setProperty("edge-cert-sha256", enrolled.edgeCertSha256());
		if (this.caFile != null) {
			settings.setProperty("ca-file", this.caFile.toAbsolutePath().toString());
		}
		if (this.database != null) {
			settings.setProperty("db", this.database);
		}
		writer.commit(settings, "kiosk-agent enroll " + Instant.now() + ": event " + enrolled.eventId() + ", area "
				+ enrolled.areaId() + ", direction " + enrolled.direction() + ", profile " + enrolled.profile());
		return enrolled;
	}

	// a log at --db that already belongs to a kiosk cannot be opened by the new one
	// (one log per kiosk): refused before the code is used, the log left as it is
	private Outcome logInUse() {
		if (this.database == null) {
			return null;
		}
		Path log = Path.of(this.database);
		if (!Files.exists(log)) {
			return null;
		}
		try {
			String owner = LogOwner.of(log);
			return (owner != null) ? new LogInUse(log, owner) : null;
		}
		catch (IOException ex) {
			// not a log this agent can open: the new kiosk could not start from it either
			return new LogInUse(log, null);
		}
	}

	private static Refused refused(int status, String body) {
		try {
			JsonNode problem = WireFormat.tree(body.getBytes(StandardCharsets.UTF_8));
			return new Refused(status, text(problem, "type"), text(problem, "detail"));
		}
		catch (RuntimeException ex) {
			return new Refused(status, "-", body);
		}
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return (value != null && value.isString()) ? value.stringValue() : "-";
	}

	/** What an enrolment came to. */
	public sealed interface Outcome permits Enrolled, Refused, Unreachable, LogInUse, NotWritable {

	}

	/**
	 * The edge enrolled the kiosk and its configuration is written.
	 *
	 * @param kioskId the kiosk's id
	 * @param eventId its event
	 * @param areaId its area
	 * @param direction its direction
	 * @param profile its profile
	 * @param edgeCertSha256 the pinned certificate's SHA-256
	 * @param config the configuration file written
	 */
	public record Enrolled(String kioskId, String eventId, String areaId, String direction, String profile,
			String edgeCertSha256, Path config) implements Outcome {

	}

	/**
	 * The edge refused the code; nothing was written.
	 *
	 * @param status the HTTP status (404 unknown, 410 used or expired, 422 malformed,
	 * 429)
	 * @param type the problem's type, or {@code -}
	 * @param detail the problem's detail, or {@code -}
	 */
	public record Refused(int status, String type, String detail) implements Outcome {

	}

	/**
	 * The edge could not be reached over TLS or its certificate not read; nothing was
	 * written.
	 *
	 * @param message what went wrong
	 */
	public record Unreachable(String message) implements Outcome {

	}

	/**
	 * The log at {@code --db} belongs to a kiosk already (or is no kiosk log); the code
	 * was not redeemed and nothing was written.
	 *
	 * @param log the log file
	 * @param kioskId the kiosk it belongs to, or null when it cannot be read as a kiosk
	 * log
	 */
	public record LogInUse(Path log, String kioskId) implements Outcome {

	}

	/**
	 * The configuration file cannot be created; the code was not redeemed and nothing was
	 * written.
	 *
	 * @param config the configuration file
	 * @param reason why, for the agent's own output (not for a screen)
	 */
	public record NotWritable(Path config, String reason) implements Outcome {

	}

}
