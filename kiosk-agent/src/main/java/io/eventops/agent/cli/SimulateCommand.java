package io.eventops.agent.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.config.Durations;
import io.eventops.agent.simulate.FleetSimulation;
import io.eventops.agent.simulate.KioskCredentials;
import io.eventops.agent.simulate.KioskProvisioner;
import io.eventops.agent.simulate.Outage;
import io.eventops.agent.simulate.SimulationPlan;
import io.eventops.agent.simulate.SimulationSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code simulate}: a fleet of virtual kiosks with their own logs, check-ins at a set
 * rate, scripted network cuts, and a summary at the end; exit code 0 only when nothing
 * was lost.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
		description = "Run N virtual kiosks through scripted outages and summarize.")
final class SimulateCommand implements Callable<Integer> {

	@Option(names = "--edge-url", description = "Edge base URL (KIOSK_AGENT_EDGE_URL).")
	String edgeUrl;

	@Option(names = "--ca-file", description = "PEM CA file to trust (KIOSK_AGENT_CA_FILE).")
	String caFile;

	@Option(names = "--kiosks", defaultValue = "5", description = "Number of virtual kiosks (default 5).")
	int kiosks;

	@Option(names = "--kiosk-prefix", defaultValue = "sim", description = "Kiosk id prefix (default sim).")
	String kioskPrefix;

	@Option(names = "--event-id", description = "Event of provisioned kiosks (needed unless --tokens-file).")
	String eventId;

	@Option(names = "--printer-pool", defaultValue = "default", description = "Printer pool of provisioned kiosks.")
	String printerPool;

	@Option(names = "--admin-user", defaultValue = "admin", description = "ADMIN user for provisioning.")
	String adminUser;

	@Option(names = "--admin-password",
			description = "ADMIN password for provisioning (default: EVENTOPS_ADMIN_PASSWORD).")
	String adminPassword;

	@Option(names = "--tokens-file", description = "Already provisioned kiosks, one 'kioskId=token' a line.")
	Path tokensFile;

	@Option(names = "--attendees-file", description = "Attendee ids to check in, one a line.")
	Path attendeesFile;

	@Option(names = "--attendee-prefix", defaultValue = "sim-att-",
			description = "Without --attendees-file: generated ids <prefix>1..<count>.")
	String attendeePrefix;

	@Option(names = "--attendee-count", defaultValue = "1000", description = "Generated attendee count.")
	int attendeeCount;

	@Option(names = "--rate", defaultValue = "1", description = "Check-ins per second per kiosk (default 1).")
	double rate;

	@Option(names = "--duration", defaultValue = "60s", description = "How long check-ins are generated.")
	String duration;

	@Option(names = "--stop-file",
			description = "End the generation early once this file exists (the drain follows as usual).")
	Path stopFile;

	@Option(names = "--outage", description = "Network cut START+LENGTH, e.g. 10s+30s (repeatable).")
	List<String> outages = new ArrayList<>();

	@Option(names = "--drain-timeout", defaultValue = "2m", description = "How long to wait for the fleet to drain.")
	String drainTimeout;

	@Option(names = "--batch-size", defaultValue = "500", description = "Entries per flush request.")
	int batchSize;

	@Option(names = "--backoff-initial", defaultValue = "2s", description = "First retry delay.")
	String backoffInitial;

	@Option(names = "--backoff-max", defaultValue = "60s", description = "Retry delay cap.")
	String backoffMax;

	@Option(names = "--dir", defaultValue = "kiosk-simulation", description = "Directory of the virtual kiosks' logs.")
	Path directory;

	@Option(names = "--json", description = "Print the summary as JSON.")
	boolean json;

	@Option(names = "--policy", description = "Decide every scan under the event's access-control policy: each kiosk "
			+ "loads its area and the policy first; entries carry areaId, policyVersion and kioskDecision (#35).")
	boolean policy;

	@Option(names = "--area", description = "Area the provisioned kiosks serve (with --policy; entry kiosks).")
	String area;

	@Override
	public Integer call() throws Exception {
		Map<String, String> flags = new java.util.HashMap<>();
		if (this.edgeUrl != null) {
			flags.put("edge-url", this.edgeUrl);
		}
		if (this.caFile != null) {
			flags.put("ca-file", this.caFile);
		}
		String url = ConfigResolver.setting("edge-url", flags, System.getenv());
		URI edge = URI.create((url != null) ? url : ConfigResolver.DEFAULT_EDGE_URL);
		String ca = ConfigResolver.setting("ca-file", flags, System.getenv());
		Path trustFile = (ca != null) ? Path.of(ca) : null;
		List<Outage> script = this.outages.stream().map(Outage::parse).toList();
		BackoffPolicy defaults = BackoffPolicy.defaults();
		SimulationPlan plan = new SimulationPlan(edge, trustFile, this.directory, fleet(edge, trustFile), attendees(),
				this.rate, Durations.parse("--duration", this.duration), script,
				Durations.parse("--drain-timeout", this.drainTimeout), this.batchSize,
				new BackoffPolicy(Durations.parse("--backoff-initial", this.backoffInitial),
						Durations.parse("--backoff-max", this.backoffMax), defaults.jitter(), defaults.maxRetryAfter()),
				this.stopFile, this.policy);
		SimulationSummary summary = FleetSimulation.run(plan);
		System.out.print(this.json ? summary.toJson() + "\n" : summary.toText());
		return summary.nothingLost() ? 0 : 1;
	}

	private List<KioskCredentials> fleet(URI edge, Path ca) throws IOException {
		List<KioskCredentials> fleet = new ArrayList<>();
		if (this.tokensFile != null) {
			for (String line : Files.readAllLines(this.tokensFile, StandardCharsets.UTF_8)) {
				int equals = line.indexOf('=');
				if (!line.isBlank() && equals > 0) {
					fleet
						.add(new KioskCredentials(line.substring(0, equals).trim(), line.substring(equals + 1).trim()));
				}
			}
			return fleet;
		}
		if (this.eventId == null) {
			throw new IllegalArgumentException("simulate needs --event-id (to provision kiosks) or --tokens-file");
		}
		String password = (this.adminPassword != null) ? this.adminPassword : System.getenv("EVENTOPS_ADMIN_PASSWORD");
		if (password == null) {
			throw new IllegalArgumentException("provisioning needs --admin-password or EVENTOPS_ADMIN_PASSWORD");
		}
		KioskProvisioner provisioner = new KioskProvisioner(KioskProvisioner.httpClient(ca), edge, this.adminUser,
				password);
		String run = Long.toString(System.currentTimeMillis() % 1_000_000, 36);
		for (int i = 1; i <= this.kiosks; i++) {
			String kioskId = this.kioskPrefix + "-" + run + "-" + i;
			fleet.add(new KioskCredentials(kioskId,
					provisioner.provision(kioskId, this.eventId, "simulated " + kioskId, this.printerPool, this.area)));
		}
		return fleet;
	}

	private List<String> attendees() throws IOException {
		if (this.attendeesFile != null) {
			return Files.readAllLines(this.attendeesFile, StandardCharsets.UTF_8)
				.stream()
				.map(String::trim)
				.filter((id) -> !id.isEmpty())
				.toList();
		}
		List<String> generated = new ArrayList<>(this.attendeeCount);
		for (int i = 1; i <= this.attendeeCount; i++) {
			generated.add(this.attendeePrefix + i);
		}
		return generated;
	}

}
