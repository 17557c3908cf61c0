package io.eventops.drills.herd;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.eventops.agent.AgentStatus;
import io.eventops.agent.backoff.BackoffPolicy;
import io.eventops.drills.stack.AdminApi;
import io.eventops.localstack.RunningSuite;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The herd's live lane in a JVM of its own (issue #39): the live kiosks measure latency,
 * so they run at normal priority apart from the drill's JVM, whose 200 herd kiosks run at
 * low priority. The drill imports the live attendees, registers the printers the child
 * started, provisions the kiosks and watches the printers come UP; the child
 * ({@link LiveLaneCommand}, the same jar's hidden {@code live-lane} command) checks in
 * and prints, and hands back every sample, the formats' arrival times, and the kiosks'
 * logs for the invariants ({@link LiveLaneCommand.Result}), from which the drill computes
 * the latencies exactly as for the lane in its own JVM ({@link LiveLane.LiveLatency}).
 * The child is destroyed when the drill closes it or exits (a shutdown hook), and stops
 * by itself when its stdin ends; any failure of it (an error it reports, an exit, no
 * answer within a minute or two) fails the drill with its exit code and the end of its
 * log.
 */
public final class LiveLaneProcess implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	// the child JVM's start (and its printers'), the kiosks' opening, a stop that waits
	// for the check-ins in progress (each up to 60 s of flushing), the formats' wait
	private static final Duration ANSWER = Duration.ofSeconds(150);

	private final Process process;

	private final Path log;

	private final Path workDir;

	private final Writer stdin;

	private final BlockingQueue<JsonNode> answers = new LinkedBlockingQueue<>();

	private final AtomicLong checkIns = new AtomicLong();

	private final Thread shutdownHook;

	private final Thread reader;

	private final List<String> printers = new ArrayList<>();

	private AdminApi admin;

	private LiveLaneCommand.Result result;

	private LiveLaneProcess(Process process, Path log, Path workDir) {
		this.process = process;
		this.log = log;
		this.workDir = workDir;
		this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
		this.shutdownHook = new Thread(process::destroyForcibly, "live-lane-destroy");
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
		this.reader = Thread.ofPlatform().daemon().name("live-lane-reader").start(this::read);
	}

	/**
	 * Starts the live kiosks' JVM and sets the lane up as {@link LiveLane#open} does.
	 * @param suite the suite
	 * @param admin its APIs
	 * @param eventId the drill's event
	 * @param idPrefix the drill's prefix of kiosk, attendee and pool ids
	 * @param kiosks live kiosks (at least 1)
	 * @param workDir where their logs, the child's log and its results go
	 * @param backoff the agents' retry schedule
	 * @param seed the seed of their cadence
	 * @return the lane, its printers UP
	 * @throws Exception when the suite refuses or the child fails
	 */
	public static LiveLaneProcess open(RunningSuite suite, AdminApi admin, String eventId, String idPrefix, int kiosks,
			Path workDir, BackoffPolicy backoff, long seed) throws Exception {
		LiveLane.Plan plan = LiveLane.Plan.of(idPrefix, kiosks);
		admin.importAttendees(eventId, plan.allAttendees());
		Path dir = Files.createDirectories(workDir);
		LiveLaneProcess lane = launch(dir,
				new LiveLaneCommand.Spec(suite.edgeUrl().toString(), suite.caFile().toAbsolutePath().toString(),
						dir.resolve("kiosks").toAbsolutePath().toString(), backoff, seed, plan.attendees(),
						plan.pools()));
		try {
			JsonNode started = lane.await("printers");
			for (JsonNode printer : started.path("printers")) {
				admin.registerPrinter(printer.path("name").asString(), printer.path("host").asString(),
						printer.path("port").asInt(), printer.path("pool").asString());
				lane.printers.add(printer.path("name").asString());
			}
			lane.admin = admin;
			Map<String, String> tokens = admin.provisionKiosks(eventId, plan.pools());
			Map<String, Object> open = new LinkedHashMap<>();
			open.put("command", "open");
			open.put("tokens", tokens);
			lane.send(open);
			lane.await("opened");
			LiveLane.awaitPrintersUp(admin, lane.printers, Duration.ofSeconds(60));
			return lane;
		}
		catch (Exception | Error ex) {
			lane.close();
			throw ex;
		}
	}

	/**
	 * Starts the live kiosks' JVM on a spec; it answers {@code printers} once its
	 * printers listen.
	 * @param dir where the spec, its log and its results go
	 * @param spec the lane's settings
	 * @return the child
	 * @throws IOException when it cannot be started
	 */
	static LiveLaneProcess launch(Path dir, LiveLaneCommand.Spec spec) throws IOException {
		Path file = dir.resolve("live-lane.json").toAbsolutePath();
		JSON.writeValue(file.toFile(), spec);
		Path log = dir.resolve("live-lane.log");
		List<String> command = command(List.of("live-lane", "--spec", file.toString()));
		// started from the drill's main thread, so at its priority and in its cgroup, not
		// the herd's kiosks'
		Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
		return new LiveLaneProcess(process, log, dir);
	}

	/**
	 * The command line of a JVM running this jar's {@code drills} command: {@code -jar}
	 * where the drill runs from its jar, else its class path (tests), with the drill
	 * JVM's {@code -XX:TieredStopAtLevel} if given.
	 * @param args the command's arguments
	 * @return the command line
	 */
	static List<String> command(List<String> args) {
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current()
			.info()
			.command()
			.orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
		java.lang.management.ManagementFactory.getRuntimeMXBean()
			.getInputArguments()
			.stream()
			.filter((argument) -> argument.startsWith("-XX:TieredStopAtLevel="))
			.forEach(command::add);
		String classPath = System.getProperty("java.class.path");
		if (!classPath.contains(java.io.File.pathSeparator) && classPath.endsWith(".jar")) {
			command.add("-jar");
			command.add(classPath);
		}
		else {
			command.add("-cp");
			command.add(classPath);
			command.add(io.eventops.drills.Drills.class.getName());
		}
		command.addAll(args);
		return command;
	}

	Process process() {
		return this.process;
	}

	/**
	 * The child's pid, for the CPU table.
	 * @return the pid
	 */
	public long pid() {
		return this.process.pid();
	}

	/**
	 * Every live kiosk starts checking attendees in ({@link LiveLane#start}).
	 * @param phase what the samples are counted as
	 */
	public void start(String phase) {
		send(Map.of("command", "start", "phase", phase));
		await("started");
	}

	/**
	 * Stops the kiosks after each one's check-in in progress ({@link LiveLane#stop}).
	 */
	public void stop() {
		send(Map.of("command", "stop"));
		this.checkIns.set(await("stopped").path("checkIns").asLong());
	}

	/**
	 * Live check-ins so far, as the child last told (every half second).
	 * @return the count
	 */
	public long checkIns() {
		return this.checkIns.get();
	}

	/**
	 * Waits until every applied live check-in's format reached its printer, and takes
	 * back what the child measured.
	 * @param maxWait how long at most to wait for the formats
	 * @return whether every format was sent
	 * @throws IOException when the results cannot be read
	 */
	public boolean finish(Duration maxWait) throws IOException {
		Path file = this.workDir.resolve("live-lane-result.json").toAbsolutePath();
		send(Map.of("command", "finish", "awaitFormatsSeconds", maxWait.toSeconds(), "file", file.toString()));
		await("finished");
		this.result = JSON.readValue(file.toFile(), LiveLaneCommand.Result.class);
		return this.result.formatsAllSent();
	}

	/**
	 * What the lane measured ({@link #finish} first).
	 * @return the latencies of both phases
	 */
	public LiveLane.LiveLatency latency() {
		return finished().latency();
	}

	/**
	 * Attendee by kiosk and seq, as the live kiosks recorded them.
	 * @return the entries
	 */
	public Map<String, Map<Long, String>> recorded() {
		return finished().recorded();
	}

	/**
	 * The last outcome each live kiosk got for each of its entries.
	 * @return by kiosk, outcome by seq
	 */
	public Map<String, Map<Long, String>> outcomes() {
		return finished().outcomes();
	}

	/**
	 * Every live kiosk's status at the end.
	 * @return status by kiosk
	 */
	public Map<String, AgentStatus> statuses() {
		return finished().statuses();
	}

	private LiveLaneCommand.Result finished() {
		if (this.result == null) {
			throw new IllegalStateException("the live lane has not finished");
		}
		return this.result;
	}

	/**
	 * Takes the printers out of the orchestrator's rotation, lets the child stop its
	 * kiosks and printers, and destroys it if it does not exit.
	 */
	@Override
	public void close() {
		try {
			if (this.admin != null) {
				// before they stop, so that a stopped live printer is not declared DOWN
				// and
				// failed over in the drills after this one
				this.printers.forEach((printer) -> this.admin.tryPrinterAction(printer, "disable"));
			}
			if (this.process.isAlive()) {
				try {
					send(Map.of("command", "close"));
					poll(Duration.ofSeconds(30), "closed");
				}
				catch (RuntimeException ex) {
					// destroyed below
				}
				this.process.waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.process.destroyForcibly();
			try {
				Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
			}
			catch (IllegalStateException ex) {
				// already shutting down: the hook destroys it
			}
		}
	}

	private void read() {
		try (BufferedReader out = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = out.readLine()) != null) {
				JsonNode message;
				try {
					message = JSON.readTree(line);
				}
				catch (RuntimeException ex) {
					continue; // not the protocol: ignored
				}
				if ("checkIns".equals(message.path("event").asString())) {
					this.checkIns.set(message.path("count").asLong());
				}
				else {
					this.answers.add(message);
				}
			}
		}
		catch (IOException ex) {
			// the child is gone: await() says so
		}
	}

	private synchronized void send(Map<String, ?> command) {
		try {
			this.stdin.write(JSON.writeValueAsString(command));
			this.stdin.write('\n');
			this.stdin.flush();
		}
		catch (IOException ex) {
			throw failed("could not be sent " + command.get("command") + " (" + ex.getMessage() + ")");
		}
	}

	JsonNode await(String event) {
		try {
			return poll(ANSWER, event);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw failed("was interrupted waiting for '" + event + "'");
		}
	}

	private JsonNode poll(Duration maxWait, String event) throws InterruptedException {
		long deadline = System.nanoTime() + maxWait.toNanos();
		while (true) {
			JsonNode answer = this.answers.poll(200, TimeUnit.MILLISECONDS);
			if (answer != null) {
				String got = answer.path("event").asString();
				if (event.equals(got)) {
					return answer;
				}
				if ("error".equals(got)) {
					throw failed("failed: " + answer.path("message").asString());
				}
				throw failed("answered '" + got + "' instead of '" + event + "'");
			}
			if (!this.process.isAlive() && !this.reader.isAlive() && this.answers.isEmpty()) {
				throw failed("exited with code " + this.process.exitValue() + " before '" + event + "'");
			}
			if (System.nanoTime() > deadline) {
				throw failed("did not answer '" + event + "' within " + maxWait.toSeconds() + " s");
			}
		}
	}

	private IllegalStateException failed(String what) {
		return new IllegalStateException("The live kiosks' JVM (pid " + this.process.pid() + ") " + what
				+ "; the end of its log " + this.log + ":\n" + tail(this.log, 20));
	}

	static String tail(Path log, int lines) {
		try {
			List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException | RuntimeException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

}
