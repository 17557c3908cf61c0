package io.eventops.drills.herd;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.agent.simulate.KioskProvisioner;
import io.eventops.printer.virtual.VirtualPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The live kiosks' own JVM (issue #39): {@code drills live-lane --spec FILE}, started by
 * {@link LiveLaneProcess} and not meant to be run by hand. It runs the live lane's kiosks
 * and their virtual printers at normal priority, apart from the drill's JVM in which the
 * herd's 200 kiosks run at low priority, and answers the drill's commands, one JSON
 * object a line on stdin, with one JSON object a line on stdout (its log goes to stderr):
 * {@code printers} once started, then {@code open} (with the kiosks' tokens),
 * {@code start}, {@code stop}, {@code finish} (the samples to a file) and {@code close}.
 * Between them it reports its check-ins so far ({@code checkIns}) every half second. When
 * stdin ends (the drill died) it stops and exits.
 */
@Command(name = "live-lane", hidden = true,
		description = "The live kiosks' own JVM, started by drills herd (not run by hand).")
public final class LiveLaneCommand implements Callable<Integer> {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Option(names = "--spec", required = true, description = "The lane's settings (JSON, written by the drill).")
	Path spec;

	private PrintStream out;

	@Override
	public Integer call() throws Exception {
		// stdout is the protocol: whatever else prints goes to the log
		this.out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
				StandardCharsets.UTF_8);
		System.setOut(System.err);
		Spec spec = JSON.readValue(this.spec.toFile(), Spec.class);
		List<VirtualPrinter> printers = new ArrayList<>();
		LiveLane lane = null;
		Thread ticker = null;
		try {
			List<Map<String, Object>> started = new ArrayList<>();
			for (Map.Entry<String, String> pool : spec.pools().entrySet()) {
				VirtualPrinter printer = LiveLane.startPrinter(pool.getValue());
				printers.add(printer);
				Map<String, Object> one = new LinkedHashMap<>();
				one.put("name", printer.name());
				one.put("host", printer.host());
				one.put("port", printer.port());
				one.put("pool", pool.getValue());
				started.add(one);
			}
			send(Map.of("event", "printers", "printers", started));
			BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
			String line;
			while ((line = in.readLine()) != null) {
				JsonNode command = JSON.readTree(line);
				switch (command.path("command").asString()) {
					case "open" -> {
						Map<String, String> tokens = new LinkedHashMap<>();
						command.path("tokens")
							.properties()
							.forEach((e) -> tokens.put(e.getKey(), e.getValue().asString()));
						lane = LiveLane.openKiosks(null, KioskProvisioner.httpClient(Path.of(spec.caFile())),
								URI.create(spec.edgeUrl()), Path.of(spec.caFile()), Path.of(spec.workDir()),
								spec.backoff(), spec.seed(), spec.attendees(), printers, tokens);
						LiveLane counted = lane;
						ticker = Thread.ofPlatform().daemon().name("live-lane-ticker").start(() -> tick(counted));
						send(Map.of("event", "opened"));
					}
					case "start" -> {
						require(lane).start(command.path("phase").asString());
						send(Map.of("event", "started"));
					}
					case "phase" -> {
						require(lane).phase(command.path("phase").asString());
						send(Map.of("event", "phased"));
					}
					case "stop" -> {
						require(lane).stop();
						send(Map.of("event", "stopped", "checkIns", lane.checkIns()));
					}
					case "finish" -> {
						LiveLane done = require(lane);
						boolean formats = done
							.awaitFormats(Duration.ofSeconds(command.path("awaitFormatsSeconds").asLong(60)));
						Path file = Path.of(command.path("file").asString());
						Result result = new Result(done.kiosks(), done.samples(), done.formatsReceived(), formats,
								done.recorded(), done.outcomes(), done.statuses());
						Path written = file.resolveSibling(file.getFileName() + ".part");
						JSON.writeValue(written.toFile(), result);
						Files.move(written, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
								java.nio.file.StandardCopyOption.ATOMIC_MOVE);
						send(Map.of("event", "finished", "file", file.toString()));
					}
					case "close" -> {
						if (ticker != null) {
							ticker.interrupt();
						}
						closeAll(lane, printers);
						send(Map.of("event", "closed"));
						return 0;
					}
					default -> throw new IllegalArgumentException("unknown command: " + line);
				}
			}
			System.err.println("[live-lane] stdin closed: the drill is gone; stopping");
			closeAll(lane, printers);
			return 3;
		}
		catch (Exception | Error ex) {
			ex.printStackTrace();
			send(Map.of("event", "error", "message", String.valueOf(ex)));
			closeAll(lane, printers);
			return 1;
		}
	}

	private static LiveLane require(LiveLane lane) {
		if (lane == null) {
			throw new IllegalStateException("the live kiosks are not open yet");
		}
		return lane;
	}

	private void tick(LiveLane lane) {
		long last = -1;
		while (!Thread.currentThread().isInterrupted()) {
			long now = lane.checkIns();
			if (now != last) {
				send(Map.of("event", "checkIns", "count", now));
				last = now;
			}
			try {
				Thread.sleep(500);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	private synchronized void send(Map<String, ?> message) {
		this.out.println(JSON.writeValueAsString(message));
	}

	private static void closeAll(LiveLane lane, List<VirtualPrinter> printers) {
		if (lane != null) {
			lane.close();
		}
		else {
			printers.forEach(VirtualPrinter::close);
		}
	}

	/**
	 * What the drill gives the live kiosks' JVM.
	 *
	 * @param edgeUrl the edge
	 * @param caFile the edge's CA file
	 * @param workDir where the kiosks' logs go
	 * @param backoff the agents' retry schedule
	 * @param seed the seed of their cadence
	 * @param attendees each kiosk's attendees, in order
	 * @param pools each kiosk's pool (one printer each)
	 */
	record Spec(String edgeUrl, String caFile, String workDir, BackoffPolicy backoff, long seed,
			Map<String, List<String>> attendees, Map<String, String> pools) {
	}

	/**
	 * What the live kiosks' JVM hands back at the end.
	 *
	 * @param kiosks live kiosks
	 * @param samples every live check-in
	 * @param formatsReceived when each attendee's format reached its printer (that JVM's
	 * {@code nanoTime}, as the samples' starts)
	 * @param formatsAllSent whether every applied check-in's format was sent in time
	 * @param recorded attendee by kiosk and seq
	 * @param outcomes outcome by kiosk and seq
	 * @param statuses every live kiosk's status
	 */
	record Result(int kiosks, List<LiveLane.Sample> samples, Map<String, Long> formatsReceived, boolean formatsAllSent,
			Map<String, Map<Long, String>> recorded, Map<String, Map<Long, String>> outcomes,
			Map<String, AgentStatus> statuses) {

		LiveLane.LiveLatency latency() {
			return LiveLane.LiveLatency.of(this.kiosks, this.samples, this.formatsReceived);
		}

	}

}
