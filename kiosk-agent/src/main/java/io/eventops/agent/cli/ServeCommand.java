package io.eventops.agent.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import io.eventops.agent.KioskAgent;
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

	@Override
	public Integer call() throws Exception {
		Map<String, String> flags = new LinkedHashMap<>();
		put(flags, "screen-port", this.port);
		put(flags, "staff-pin", this.staffPin);
		put(flags, "staff-pin-file", this.staffPinFile);
		put(flags, "idle-reset", this.idleReset);
		put(flags, "language", this.language);
		ScreenSettings settings = ScreenSettings.resolve(flags, System.getenv());
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

	private static void put(Map<String, String> flags, String name, String value) {
		if (value != null) {
			flags.put(name, value);
		}
	}

}
