import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.eventops.rules.decision.Attempt;
import io.eventops.rules.decision.Decision;
import io.eventops.rules.decision.EntryDecider;
import io.eventops.rules.decision.Movement;
import io.eventops.rules.policy.Area;
import io.eventops.rules.policy.CompiledPolicy;
import io.eventops.rules.policy.EventPolicy;
import io.eventops.rules.policy.PolicyCompiler;
import io.eventops.rules.policy.Reentry;
import io.eventops.rules.policy.TicketType;

/**
 * Run by CliJarIT with only the agent's CLI jar on the class path: compiles a policy with
 * a CEL rule and decides two attempts, so CEL and everything it needs (guava, protobuf,
 * antlr...) must be in the shaded jar. Prints the two decisions.
 */
public class RuleInJar {

	public static void main(String[] args) {
		Area hall = new Area("main-hall", "Main hall", List.of("full"), List.of(), 0, Reentry.ANY, 0, true,
				"entriesHere < 1 && timeOfDay >= '09:00'", "Once, from nine", null, null);
		EventPolicy policy = new EventPolicy(1L, "Europe/Berlin", List.of(LocalDate.parse("2026-10-24")),
				List.of(new TicketType("full", "Full pass", List.of())), List.of(hall));
		CompiledPolicy compiled = PolicyCompiler.compile(policy);
		Instant at = Instant.parse("2026-10-24T08:30:00Z");
		Decision first = EntryDecider.decide(compiled, new Attempt("att_1", null, "main-hall", at, "k:2"), List.of());
		Decision second = EntryDecider.decide(compiled, new Attempt("att_1", null, "main-hall", at, "k:2"),
				List.of(Movement.checkIn("k:1", "att_1", "main-hall", at.minusSeconds(60))));
		System.out.println(first.verdict() + " " + second.verdict() + " " + second.reason() + " "
				+ second.explanation());
	}

}
