package io.eventops.agent.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;

import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.http.EdgeClient;
import io.eventops.agent.http.TlsTrust;
import io.eventops.agent.http.WireFormat;
import tools.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code enroll} (#37): redeems a one-time enrolment code at the edge and writes the
 * kiosk's configuration file, readable by its owner only, with the SHA-256 of the edge
 * certificate it enrolled against pinned: every later connection refuses an edge that
 * presents another certificate. Exit code 0 when enrolled, 1 when the edge refused the
 * code, 2 for a bad argument or an existing configuration file.
 */
@Command(name = "enroll", mixinStandardHelpOptions = true,
		description = "Enrol this kiosk with a one-time code and write its configuration file.")
final class EnrollCommand implements Callable<Integer> {

	@Option(names = "--edge", required = true, description = "The edge's base URL, https only.")
	String edge;

	@Option(names = "--code", required = true, description = "The enrolment code, as printed or scanned.")
	String code;

	@Option(names = "--config", description = "Where to write the configuration (KIOSK_AGENT_CONFIG; "
			+ "default kiosk-agent.properties). An existing file is never overwritten.")
	String config;

	@Option(names = "--edge-cert-sha256",
			description = "SHA-256 of the edge certificate to accept, e.g. read from the admin's screen; "
					+ "without it the certificate is checked against --ca-file or the JDK's trust store.")
	String edgeCertSha256;

	@Option(names = "--ca-file", description = "PEM CA file to trust, e.g. the local stack's edge-cert.pem.")
	String caFile;

	@Option(names = "--label", description = "A human name for this kiosk, e.g. where it stands.")
	String label;

	@Option(names = "--db",
			description = "SQLite log file to write into the configuration (default " + "<kiosk-id>.kiosk.db).")
	String database;

	@Override
	public Integer call() throws InterruptedException {
		URI base = URI.create(this.edge.endsWith("/") ? this.edge.substring(0, this.edge.length() - 1) : this.edge);
		if (!"https".equalsIgnoreCase(base.getScheme())) {
			throw new IllegalArgumentException("--edge must be an https URL, not '" + this.edge + "'");
		}
		String pin = (this.edgeCertSha256 != null) ? this.edgeCertSha256.replace(":", "").toLowerCase() : null;
		if (pin != null && !pin.matches("[0-9a-f]{64}")) {
			throw new IllegalArgumentException("--edge-cert-sha256 must be 64 hex digits (colons allowed)");
		}
		Path target = Path.of((this.config != null) ? this.config : configFromEnvironment());
		if (Files.exists(target)) {
			throw new IllegalArgumentException(
					target + " exists: this kiosk is enrolled already (remove the file to enrol it again)");
		}
		Path ca = (this.caFile != null) ? Path.of(this.caFile) : null;
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("code", this.code);
		if (this.label != null) {
			body.put("label", this.label);
		}
		HttpResponse<String> answer;
		try (HttpClient http = EdgeClient.httpClient(TlsTrust.context(ca, pin), Duration.ofSeconds(10))) {
			answer = http.send(HttpRequest.newBuilder(URI.create(base + "/v1/enrol"))
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(WireFormat.write(body)))
				.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			System.err.println("kiosk-agent: the edge at " + base + " cannot be reached over TLS: " + ex);
			return 1;
		}
		if (answer.statusCode() != 201) {
			System.err
				.println("kiosk-agent: enrolment refused (" + answer.statusCode() + "): " + detail(answer.body()));
			return 1;
		}
		Certificate[] presented = answer.sslSession().map((session) -> {
			try {
				return session.getPeerCertificates();
			}
			catch (javax.net.ssl.SSLPeerUnverifiedException ex) {
				return new Certificate[0];
			}
		}).orElse(new Certificate[0]);
		if (presented.length == 0) {
			System.err.println("kiosk-agent: the edge's certificate cannot be read; nothing was written");
			return 1;
		}
		JsonNode kiosk = WireFormat.tree(answer.body().getBytes(StandardCharsets.UTF_8));
		String kioskId = kiosk.get("kioskId").stringValue();
		Properties settings = new Properties();
		settings.setProperty("kiosk-id", kioskId);
		settings.setProperty("edge-url", base.toString());
		settings.setProperty("token", kiosk.get("token").stringValue());
		settings.setProperty("edge-cert-sha256", TlsTrust.sha256(presented[0]));
		if (ca != null) {
			settings.setProperty("ca-file", ca.toAbsolutePath().toString());
		}
		if (this.database != null) {
			settings.setProperty("db", this.database);
		}
		write(target, settings,
				"kiosk-agent enroll " + Instant.now() + ": event " + text(kiosk, "eventId") + ", area "
						+ text(kiosk, "areaId") + ", direction " + text(kiosk, "direction") + ", profile "
						+ text(kiosk, "profile"));
		System.out.println(
				"ENROLLED kiosk=" + kioskId + " event=" + text(kiosk, "eventId") + " profile=" + text(kiosk, "profile")
						+ " config=" + target + " edge-cert-sha256=" + settings.getProperty("edge-cert-sha256"));
		return 0;
	}

	private static String configFromEnvironment() {
		String env = System.getenv(ConfigResolver.environmentName(ConfigResolver.CONFIG));
		return (env != null && !env.isBlank()) ? env.trim() : "kiosk-agent.properties";
	}

	// created readable by its owner only before the token is in it; never over another
	// file
	private static void write(Path target, Properties settings, String comment) {
		try {
			Path parent = target.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			try {
				Files.createFile(target,
						PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
			}
			catch (UnsupportedOperationException ex) {
				// not a POSIX file system: the directory's own access rules apply
				Files.createFile(target);
			}
			try (Writer out = Files.newBufferedWriter(target, StandardCharsets.UTF_8,
					StandardOpenOption.TRUNCATE_EXISTING)) {
				settings.store(out, comment);
			}
		}
		catch (FileAlreadyExistsException ex) {
			throw new IllegalArgumentException(target + " exists: this kiosk is enrolled already");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + target + ": " + ex.getMessage(), ex);
		}
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return (value != null && value.isString()) ? value.stringValue() : "-";
	}

	private static String detail(String body) {
		try {
			JsonNode problem = WireFormat.tree(body.getBytes(StandardCharsets.UTF_8));
			JsonNode type = problem.get("type");
			JsonNode detail = problem.get("detail");
			return ((type != null) ? type.stringValue() + " " : "") + ((detail != null) ? detail.stringValue() : "");
		}
		catch (RuntimeException ex) {
			return body;
		}
	}

}
