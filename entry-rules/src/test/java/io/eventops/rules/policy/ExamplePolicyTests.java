package io.eventops.rules.policy;

import io.eventops.rules.decision.Attempt;
import io.eventops.rules.decision.Decision;
import io.eventops.rules.decision.EntryDecider;
import io.eventops.rules.decision.Reason;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ExamplePolicyTests {

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void theReadmesExamplePolicyReadsFromJsonAndCompiles() throws IOException {
		EventPolicy policy = this.json.readValue(readmeExample(), EventPolicy.class);
		CompiledPolicy compiled = PolicyCompiler.compile(policy);
		assertThat(compiled.version()).isEqualTo(3);
		assertThat(compiled.badgeArea().areaId()).isEqualTo("badge-desk");
		assertThat(policy.areas().get(1).reentry()).isEqualTo(Reentry.AFTER_EXIT);
		assertThat(decide(compiled, "workshop", "workshop-a", "2026-10-25T13:50:00+01:00").admitted()).isTrue();
		assertThat(decide(compiled, "full", "workshop-a", "2026-10-25T13:50:00+01:00"))
			.isEqualTo(Decision.refuseByRule("Full passes get a seat only once the workshop has started."));
		assertThat(decide(compiled, "day-sat", "main-hall", "2026-10-25T10:00:00+01:00").reason())
			.isEqualTo(Reason.NOT_VALID_TODAY);
	}

	@Test
	void aPolicyWritesToJsonAndReadsBackEqual() throws IOException {
		EventPolicy policy = this.json.readValue(readmeExample(), EventPolicy.class);
		assertThat(this.json.readValue(this.json.writeValueAsString(policy), EventPolicy.class)).isEqualTo(policy);
	}

	private static Decision decide(CompiledPolicy policy, String ticketType, String areaId, String capturedAt) {
		return EntryDecider.decide(policy,
				new Attempt("att-1", ticketType, areaId, OffsetDateTime.parse(capturedAt).toInstant(), "kiosk-01:1"),
				List.of());
	}

	private static String readmeExample() throws IOException {
		String readme = Files.readString(Path.of("README.md"));
		int start = readme.indexOf("```json\n") + "```json\n".length();
		return readme.substring(start, readme.indexOf("```", start));
	}

}
