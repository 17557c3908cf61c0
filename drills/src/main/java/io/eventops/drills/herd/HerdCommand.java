package io.eventops.drills.herd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.eventops.drills.profile.HotFrames;
import io.eventops.drills.stack.DrillStack;
import io.eventops.drills.stack.RunIds;
import io.eventops.localstack.RunningSuite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code drills herd}: starts a fresh suite (with JFR in every service), runs the herd,
 * stops the suite, writes the results; exit 1 when an invariant broke.
 */
@Command(name = "herd", mixinStandardHelpOptions = true,
		description = "Reconnect thundering herd: every kiosk flushes its outage backlog at once.")
public final class HerdCommand implements Callable<Integer> {

	private static final String FULL_JIT = "-XX:TieredStopAtLevel=4";

	@Spec
	CommandSpec spec;

	@Option(names = "--kiosks", defaultValue = "200")
	int kiosks;

	@Option(names = "--entries", defaultValue = "250", description = "Entries queued per kiosk.")
	int entries;

	@Option(names = "--attendees", defaultValue = "30000")
	int attendees;

	@Option(names = "--overlap", defaultValue = "0.1",
			description = "Fraction of entries for an attendee already recorded (mostly at another kiosk).")
	double overlap;

	@Option(names = "--replay-fraction", defaultValue = "0.05",
			description = "Fraction of flush answers lost, so that the kiosk resends the batch.")
	double replayFraction;

	@Option(names = "--stale", defaultValue = "20",
			description = "Entries replayed from history (captured 10 min before queued).")
	int stale;

	@Option(names = "--batch-size", defaultValue = "500",
			description = "Entries per flush request; 500 is the kiosk agent's default and the contract's maximum.")
	int batchSize;

	@Option(names = "--warmup-kiosks", defaultValue = "200",
			description = "Kiosks of each unmeasured warm-up herd, on an event of its own, so that the services"
					+ " run compiled code (0: measure cold JVMs).")
	int warmupKiosks;

	@Option(names = "--warmup-rounds", defaultValue = "4",
			description = "At most this many warm-up herds; they stop after the first in which the services'"
					+ " JIT compiler threads used under 5 %% of their CPU.")
	int warmupRounds;

	@Option(names = "--warmup-online-rounds", defaultValue = "2",
			description = "Before the warm-up herds, this many rounds of a day's online traffic: each of"
					+ " --warmup-kiosks kiosks flushes its entries a few at a time (--warmup-online-batch).")
	int warmupOnlineRounds;

	@Option(names = "--warmup-online-batch", defaultValue = "5",
			description = "Entries per flush request in the online warm-up rounds (1..500).")
	int warmupOnlineBatch;

	@Option(names = "--quick-jit", defaultValue = "false",
			description = "Keep the local stack's C1-only JIT (-XX:TieredStopAtLevel=1, quick to start on a"
					+ " laptop) instead of the full JIT the services run with in production.")
	boolean quickJit;

	@Option(names = "--live-kiosks", defaultValue = "20",
			description = "Online kiosks beside the herd, each checking one attendee in about every 2 s through the"
					+ " real agent, printing on a pool of its own with an idle printer (0: none).")
	int liveKiosks;

	@Option(names = "--live-idle-seconds", defaultValue = "20",
			description = "How long the live kiosks run on the idle suite before the herd.")
	int liveIdleSeconds;

	@Option(names = "--no-drain-without-live", defaultValue = "true", negatable = true,
			description = "After the measured herd, the same herd once more without live kiosks, for"
					+ " drainWithLiveOverWithout (issue #39; about a minute at the defaults; only with live kiosks).")
	boolean drainWithoutLive;

	@Option(names = "--no-kiosk-cgroup", defaultValue = "true", negatable = true,
			description = "The herd's kiosks in a cgroup with a low CPU weight where one can be written, else nice 19"
					+ " (issue #39). On a machine shared with other sessions, --no-kiosk-cgroup: the group yields to"
					+ " them too, not only to the services.")
	boolean kioskCgroup;

	@Option(names = "--baseline-threads", defaultValue = "4")
	int baselineThreads;

	@Option(names = "--policy", defaultValue = "false",
			description = "Runs the herd under an access-control policy of three areas and a CEL rule (issue #35):"
					+ " kiosks decide offline, the reconciler judges every admission again. Run it back to back"
					+ " with the same herd without it for the policy's cost per entry.")
	boolean policy;

	@Option(names = "--hall-capacity", defaultValue = "0",
			description = "With --policy, gives the main hall this capacity (issue #36): its kiosks take and renew"
					+ " escrowed admission allowances as kiosk agents do. Far above the hall's admissions it refuses"
					+ " nobody; back to back with --policy alone it measures the escrow's cost. 0: none.")
	int hallCapacity;

	@Option(names = "--seed", defaultValue = "42")
	long seed;

	@Option(names = "--no-profile", defaultValue = "true", negatable = true,
			description = "Record JFR in every service JVM and summarise the flush window.")
	boolean profile;

	@Option(names = "--home", defaultValue = ".", description = "The repository root (built service jars).")
	Path home;

	@Option(names = "--results", defaultValue = "results")
	Path results;

	@Option(names = "--set", paramLabel = "MODULE:PROPERTY=VALUE",
			description = "A service setting for this run, e.g. kiosk-sync-service:eventops.edge.reconciler.max-queue-wait=2s"
					+ " (repeatable); the settings are printed in the report.")
	List<String> settings = new ArrayList<>();

	@Option(names = "--jvm", paramLabel = "MODULE:OPTION",
			description = "A JVM option for one service's JVM, after the local stack's own, e.g."
					+ " kiosk-sync-service:-XX:TieredStopAtLevel=4 (repeatable); printed in the report.")
	List<String> jvmOptions = new ArrayList<>();

	@Override
	public Integer call() throws Exception {
		if (this.hallCapacity < 0 || (this.hallCapacity > 0 && !this.policy)) {
			System.err.println("--hall-capacity: a capacity of 1 or more, and only with --policy (0: none)");
			return 2;
		}
		HerdPlan plan = new HerdPlan(this.kiosks, this.entries, this.attendees, this.overlap, this.replayFraction,
				this.stale, this.batchSize, this.baselineThreads, this.seed);
		String runId = RunIds.next();
		Path dir = this.results.resolve("herd-" + runId).toAbsolutePath();
		Path work = Files.createDirectories(dir.resolve("work"));
		Path jfr = this.profile ? Files.createDirectories(dir.resolve("jfr")) : null;
		HerdDrill drill;
		HerdSummary summary;
		try (RunningSuite suite = DrillStack.start(this.home, work.resolve("stack"), Duration.ofMillis(800), 2, jfr,
				byModule("--set", this.settings, "--"), jvmOptions())) {
			drill = new HerdDrill(suite, plan, Files.createDirectories(work.resolve("kiosks")), runId, warmup(),
					live());
			if (this.policy) {
				drill = drill.withPolicy(this.hallCapacity);
			}
			summary = drill.drainWithoutLive(this.drainWithoutLive).kioskCgroup(this.kioskCgroup).run();
		}
		if (jfr != null) {
			List<HotFrames> frames = new ArrayList<>();
			for (String service : DrillStack.services()) {
				HotFrames hot = HotFrames.read(service, DrillStack.jfrFile(jfr, service), drill.flushStarted(),
						drill.flushEnded(), 12);
				if (hot != null) {
					frames.add(hot);
				}
			}
			summary = summary.withProfile(frames);
		}
		List<String> given = new ArrayList<>();
		given.add(this.quickJit ? "services on the local stack's C1-only JIT (--quick-jit)"
				: "services on the full JIT (C1 and C2), as in production");
		given.add(drillJit(ManagementFactory.getRuntimeMXBean().getInputArguments()));
		drill.warmup().forEach((round) -> given.add("warm-up " + round));
		if (this.policy) {
			given.add(String.format(
					"access-control policy (--policy): areas %s, kiosks one area each; %d scans refused at the"
							+ " kiosks, %d admissions flagged ADMITTED_AGAINST_RULES by the reconciler",
					HerdPolicy.AREAS, drill.refusedAtKiosks(), drill.admittedAgainstRules()));
		}
		if (drill.hallCapacity() > 0) {
			given.add(String.format("main hall capacity %d (--hall-capacity): %d admission allowances taken or renewed",
					drill.hallCapacity(), drill.allowancesTaken()));
		}
		given.addAll(this.settings);
		this.jvmOptions.forEach((option) -> given.add("jvm " + option));
		summary = summary.withSettings(given);
		System.out.println(HerdReport.write(dir, summary, drill.timings()));
		System.out.println("results: " + dir);
		System.out.println("verdict: " + summary.verdict());
		// 1: an invariant broke; 2: every invariant held, a target was missed
		return !summary.passed() ? 1 : summary.targetsMet() ? 0 : 2;
	}

	HerdDrill.Live live() {
		if (this.liveKiosks < 0 || this.liveKiosks > 99 || this.liveIdleSeconds < 1) {
			throw new ParameterException(this.spec.commandLine(),
					"--live-kiosks must be 0..99 and --live-idle-seconds at least 1");
		}
		return new HerdDrill.Live(this.liveKiosks, Duration.ofSeconds(this.liveIdleSeconds));
	}

	// The drill's own JVM stands in for 200 kiosks, which are machines of their own at a
	// venue; here it shares the two cores with the services, so the report says how it
	// ran. On C1 only it used 22 us of CPU per entry in the window instead of 35 (C2
	// compiling for 58 % of it): the README's command starts it so.
	static String drillJit(List<String> jvmArguments) {
		boolean c1 = jvmArguments.stream().anyMatch((argument) -> argument.matches("-XX:TieredStopAtLevel=[0-3]"));
		return c1 ? "drill JVM (the kiosk agents) on C1 only" : "drill JVM (the kiosk agents) on the full JIT";
	}

	HerdDrill.Warmup warmup() {
		if (this.warmupOnlineBatch < 1 || this.warmupOnlineBatch > 500) {
			throw new ParameterException(this.spec.commandLine(),
					"--warmup-online-batch must be 1..500 (the contract's batch limit), not " + this.warmupOnlineBatch);
		}
		if (this.warmupKiosks < 0 || this.warmupRounds < 0 || this.warmupOnlineRounds < 0) {
			throw new ParameterException(this.spec.commandLine(),
					"--warmup-kiosks, --warmup-rounds and --warmup-online-rounds must not be negative");
		}
		return new HerdDrill.Warmup(this.warmupKiosks, this.warmupRounds, this.warmupOnlineRounds,
				this.warmupOnlineBatch);
	}

	// The local stack starts its services with -XX:TieredStopAtLevel=1 (quick to start,
	// little memory); the pods in k8s/ run the JVM's full tiered JIT, and so does the
	// herd unless told otherwise. Given --jvm options come after, so they still win.
	Map<String, List<String>> jvmOptions() {
		Map<String, List<String>> options = new LinkedHashMap<>();
		if (!this.quickJit) {
			DrillStack.services().forEach((service) -> options.put(service, new ArrayList<>(List.of(FULL_JIT))));
		}
		byModule("--jvm", this.jvmOptions, "")
			.forEach((module, given) -> options.computeIfAbsent(module, (m) -> new ArrayList<>()).addAll(given));
		return options;
	}

	/**
	 * Groups {@code MODULE:VALUE} options by module.
	 * @param option the option's name, for messages
	 * @param given the values as given
	 * @param prefix put before each value (e.g. {@code --} for a Spring property)
	 * @return the values by module
	 */
	static Map<String, List<String>> byModule(String option, List<String> given, String prefix) {
		Map<String, List<String>> args = new LinkedHashMap<>();
		for (String setting : given) {
			int colon = setting.indexOf(':');
			boolean property = "--set".equals(option);
			if (colon < 1 || colon == setting.length() - 1 || (property && setting.indexOf('=', colon) < colon + 2)) {
				throw new IllegalArgumentException(option + " wants "
						+ (property ? "MODULE:PROPERTY=VALUE" : "MODULE:OPTION") + ", got '" + setting + "'");
			}
			String module = setting.substring(0, colon);
			if (!DrillStack.services().contains(module)) {
				throw new IllegalArgumentException(
						option + ": unknown module '" + module + "', expected one of " + DrillStack.services());
			}
			args.computeIfAbsent(module, (m) -> new ArrayList<>()).add(prefix + setting.substring(colon + 1));
		}
		return args;
	}

}
