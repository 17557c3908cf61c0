package io.eventops.agent.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.enrol.Enrolment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code enroll} (#37): redeems a one-time enrolment code at the edge and writes the
 * kiosk's configuration file through {@link Enrolment}. Exit code 0 when enrolled, 1 when
 * the edge refused the code, 2 for a bad argument, an existing configuration file, a
 * {@code --db} log of another kiosk or a configuration that cannot be written (the code
 * not used).
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
		Path target = Path.of((this.config != null) ? this.config : configFromEnvironment());
		Enrolment enrolment = new Enrolment(URI.create(this.edge), (this.caFile != null) ? Path.of(this.caFile) : null,
				this.edgeCertSha256, target, this.database);
		return switch (enrolment.enrol(this.code, this.label)) {
			case Enrolment.Enrolled enrolled -> {
				System.out.println("ENROLLED kiosk=" + enrolled.kioskId() + " event=" + enrolled.eventId() + " profile="
						+ enrolled.profile() + " config=" + target + " edge-cert-sha256=" + enrolled.edgeCertSha256());
				yield 0;
			}
			case Enrolment.Refused refused -> {
				System.err.println("kiosk-agent: enrolment refused (" + refused.status() + "): " + refused.type() + " "
						+ refused.detail());
				yield 1;
			}
			case Enrolment.Unreachable unreachable -> {
				System.err.println("kiosk-agent: " + unreachable.message());
				yield 1;
			}
			case Enrolment.LogInUse taken -> {
				System.err.println("kiosk-agent: the log " + taken.log() + " belongs to "
						+ ((taken.kioskId() != null) ? "kiosk " + taken.kioskId() : "no kiosk this agent can read")
						+ ": export its entries (kiosk-agent export) and move it away, or restore that kiosk's "
						+ "configuration; the code was not used");
				yield 2;
			}
			case Enrolment.NotWritable notWritable -> {
				System.err.println("kiosk-agent: " + notWritable.config() + " cannot be written ("
						+ notWritable.reason() + "); the code was not used");
				yield 2;
			}
		};
	}

	private static String configFromEnvironment() {
		String env = System.getenv(ConfigResolver.environmentName(ConfigResolver.CONFIG));
		return (env != null && !env.isBlank()) ? env.trim() : "kiosk-agent.properties";
	}

}
