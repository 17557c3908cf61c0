package io.eventops.agent.cli;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import io.eventops.agent.KioskAgent;
import io.eventops.agent.config.ConfigResolver;
import io.eventops.agent.enrol.Enrolment;
import io.eventops.agent.screen.FirstRunServer;
import io.eventops.agent.screen.ScreenServer;
import io.eventops.agent.screen.ScreenSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code serve}: runs the agent (flush loop, cache sync) and serves the kiosk screen on
 * 127.0.0.1 until stopped; a browser in kiosk mode opens the printed URL.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
		description = "Serve the kiosk screen on 127.0.0.1 and run the flush loop until stopped.")
final class ServeCommand implements Callable<Integer> {

	@Mixin
	AgentOptions options;

	@Option(names = "--screen-port", description = "Local port of the screen (KIOSK_AGENT_SCREEN_PORT; default 8090).")
	String port;

	@Option(names = "--staff-pin",
			description = "6-12 digits that open staff mode (KIOSK_AGENT_STAFF_PIN; prefer --staff-pin-file).")
	String staffPin;

	@Option(names = "--staff-pin-file", description = "File holding the staff PIN (KIOSK_AGENT_STAFF_PIN_FILE).")
	String staffPinFile;

	@Option(names = "--idle-reset",
			description = "Idle time before the screen asks 'still there?' and then resets (KIOSK_AGENT_IDLE_RESET; default 60s).")
	String idleReset;

	@Option(names = "--language",
			description = "Screen language at start: en or de (KIOSK_AGENT_LANGUAGE; default en).")
	String language;

	@Option(names = "--edge",
			description = "The edge's base URL (https) to enrol at from the first-run page: used when "
					+ "no token is given and --config names a file that does not exist yet (#37).")
	String edge;

	@Override
	public Integer call() throws Exception {
		Map<String, String> flags = new LinkedHashMap<>();
		put(flags, "screen-port", this.port);
		put(flags, "staff-pin", this.staffPin);
		put(flags, "staff-pin-file", this.staffPinFile);
		put(flags, "idle-reset", this.idleReset);
		put(flags, "language", this.language);
		ScreenSettings settings = ScreenSettings.resolve(flags, System.getenv());
		Path firstRun = firstRunConfig();
		if (firstRun != null) {
			return firstRun(settings, firstRun);
		}
		CountDownLatch stopped = new CountDownLatch(1);
		ScreenServer.Running running = ScreenServer.open(KioskAgent.builder(this.options.resolve()), settings);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			running.close();
			stopped.countDown();
		}));
		System.out.println("SCREEN " + running.screen().url() + " kiosk=" + running.agent().config().kioskId());
		System.out.flush();
		stopped.await();
		return 0;
	}

	// the first run (#37): no token given, and a configuration file to write that does
	// not exist yet
	private Path firstRunConfig() {
		Map<String, String> flags = this.options.flags();
		String config = raw(flags, ConfigResolver.CONFIG);
		if (config == null || raw(flags, "token") != null || raw(flags, "token-file") != null) {
			return null;
		}
		Path path = Path.of(config);
		return Files.exists(path) ? null : path;
	}

	private static String raw(Map<String, String> flags, String name) {
		String flag = flags.get(name);
		if (flag != null) {
			return flag;
		}
		String env = System.getenv(ConfigResolver.environmentName(name));
		return (env != null && !env.isBlank()) ? env.trim() : null;
	}

	private Integer firstRun(ScreenSettings settings, Path config) throws Exception {
		if (this.edge == null) {
			throw new IllegalArgumentException("--edge is required to enrol from the first-run page: " + config
					+ " does not exist and no token is given");
		}
		Map<String, String> flags = this.options.flags();
		String caFile = raw(flags, "ca-file");
		Enrolment enrolment = new Enrolment(URI.create(this.edge), (caFile != null) ? Path.of(caFile) : null,
				raw(flags, "edge-cert-sha256"), config, raw(flags, "db"));
		CountDownLatch stopped = new CountDownLatch(1);
		FirstRunServer running = FirstRunServer.open(settings, enrolment,
				() -> KioskAgent.builder(this.options.resolve()));
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			running.close();
			stopped.countDown();
		}));
		System.out.println("FIRST-RUN " + running.url() + " config=" + config + " edge=" + enrolment.edge());
		System.out.flush();
		stopped.await();
		return 0;
	}

	private static void put(Map<String, String> flags, String name, String value) {
		if (value != null) {
			flags.put(name, value);
		}
	}

}
