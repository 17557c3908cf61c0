package io.eventops.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code --demo} data: sample attendees of event {@code demo-event} and kiosk
 * {@code kiosk-01}, whose token is shown once by the edge and so kept in the data
 * directory (readable by its owner only). Only {@code --demo} prints a kiosk token.
 */
final class Demo {

	private static final String EVENT = "demo-event";

	private static final String[] NAMES = { "Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra",
			"Barbara Liskov", "Donald Knuth", "Margaret Hamilton", "Ken Thompson", "Frances Allen", "John Backus" };

	private final AdminClient admin;

	private final Path tokenFile;

	private final Path pinFile;

	Demo(AdminClient admin, Path dataDir) {
		this.admin = admin;
		this.tokenFile = dataDir.resolve("demo-kiosk-01.token");
		this.pinFile = dataDir.resolve("demo-kiosk-01.staff-pin");
	}

	String run(String recon, String edge) throws IOException, InterruptedException {
		StringBuilder attendees = new StringBuilder("[");
		for (int i = 0; i < NAMES.length; i++) {
			attendees.append(i > 0 ? "," : "")
				.append("{\"attendeeId\":\"att_demo_")
				.append(i + 1)
				.append("\",\"displayName\":\"")
				.append(NAMES[i])
				.append("\",\"company\":\"Demo Corp\",\"tier\":\"")
				.append(i % 3 == 0 ? "VIP" : "STANDARD")
				.append("\",\"email\":\"")
				.append(NAMES[i].toLowerCase(java.util.Locale.ROOT).replace(' ', '.'))
				.append("@demo.example\"}");
		}
		attendees.append(']');
		expect(this.admin.postJson(URI.create(recon + "/admin/v1/events/" + EVENT + "/attendees"),
				attendees.toString()), 200);
		HttpResponse<String> kiosk = this.admin.postJson(URI.create(edge + "/admin/v1/kiosks"),
				"{\"kioskId\":\"kiosk-01\",\"eventId\":\"" + EVENT
						+ "\",\"label\":\"Demo kiosk\",\"printerPool\":\"default\"}");
		if (kiosk.statusCode() == 201) {
			String token = kiosk.body().replaceAll(".*\"token\"\\s*:\\s*\"([^\"]+)\".*", "$1");
			OwnerOnlyFiles.write(this.tokenFile, token);
		}
		else {
			expect(kiosk, 409);
		}
		String token = Files.exists(this.tokenFile) ? Files.readString(this.tokenFile).trim()
				: "(unknown: provisioned before)";
		if (!Files.exists(this.pinFile)) {
			// the demo kiosk screen's staff PIN (kiosk-agent serve --staff-pin-file)
			OwnerOnlyFiles.write(this.pinFile,
					String.format("%06d", new java.security.SecureRandom().nextInt(1_000_000)));
		}
		String pin = Files.readString(this.pinFile).trim();
		return "\nDemo: event '" + EVENT + "' with attendees att_demo_1..att_demo_" + NAMES.length
				+ ", kiosk 'kiosk-01' with token " + token
				+ "\nCheck one in:\n  curl --cacert <CA above> -H 'Authorization: Bearer " + token
				+ "' -H 'Content-Type: application/json' -d '{\"highestLocalSeq\":1,\"entries\":[{\"seq\":1,"
				+ "\"idempotencyKey\":\"kiosk-01:1\",\"type\":\"CHECK_IN\",\"attendeeId\":\"att_demo_1\","
				+ "\"capturedAt\":\"2026-07-16T09:01:00+02:00\",\"queuedAt\":\"2026-07-16T09:01:00.120+02:00\"}]}' "
				+ edge + "/v1/kiosks/kiosk-01/flush\n"
				+ "Open the demo kiosk's screen (in another terminal), then check the attendees in:\n"
				+ "  ./eventops-kiosk        (serves http://127.0.0.1:8090/ ; staff PIN " + pin + ")\n\n";
	}

	private static void expect(HttpResponse<String> response, int status) {
		if (response.statusCode() != status) {
			throw new IllegalStateException("Demo setup failed: " + response.uri() + " answered "
					+ response.statusCode() + " " + response.body());
		}
	}

}
