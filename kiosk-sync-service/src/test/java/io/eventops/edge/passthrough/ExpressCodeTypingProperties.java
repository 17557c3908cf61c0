package io.eventops.edge.passthrough;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.eventops.edge.EdgeClient;
import io.eventops.edge.EdgeStack;
import io.eventops.edge.TestData;
import io.eventops.model.express.ExpressCodeText;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * However a valid code is typed (any casing, hyphens and spaces anywhere, I or L for 1, O
 * for 0), redeeming it through the edge redeems that very code. jqwik runs outside the
 * Spring test framework, so the edge comes from {@link EdgeStack#sharedEdgePort()}.
 */
class ExpressCodeTypingProperties {

	private static EdgeClient edge;

	private static JdbcTemplate jdbc;

	private static String event;

	// a few kiosks in turn, so that no one of them runs into its request rate
	private static final List<String> kiosks = new ArrayList<>();

	private static final List<String> tokens = new ArrayList<>();

	private static int turn;

	@BeforeContainer
	static void startEdge() {
		edge = new EdgeClient(EdgeStack.sharedEdgePort());
		jdbc = EdgeStack.jdbc();
		event = TestData.unique("evt");
		for (int i = 0; i < 4; i++) {
			String kiosk = TestData.kiosk();
			kiosks.add(kiosk);
			tokens.add(edge.provision(kiosk, event));
		}
	}

	@Property(tries = 40)
	void anyTypingOfAValidCodeRedeemsThatCode(@ForAll("typings") List<Integer> typing) {
		String attendee = TestData.attendees(jdbc, event, 1).get(0);
		String code = ExpressCodes.issue(jdbc, event, List.of(attendee));
		String typed = type(code, typing);
		int index = turn++ % kiosks.size();

		EdgeClient.Response redeemed = edge.post(ExpressCodes.redeemPath(kiosks.get(index), typed),
				EdgeClient.bearer(tokens.get(index)), "application/json",
				"{\"clientSubmissionId\":\"p-" + code + "\"}");

		assertThat(redeemed.status()).as(typed).isEqualTo(200);
		assertThat(redeemed.json().get("code").asString()).as(typed).isEqualTo(code);
		assertThat(redeemed.json().get("result").get("checkedIn").get(0).asString()).isEqualTo(attendee);
		assertThat(ExpressCodeText.canonicalOrNull(typed)).isEqualTo(code);
	}

	// one choice per character: bit 0 lower case, bit 1 a lookalike letter for 0 and 1,
	// bits 2-3 what follows it (nothing, a hyphen, a space, both)
	@Provide
	Arbitrary<List<Integer>> typings() {
		return Arbitraries.integers().between(0, 15).list().ofSize(ExpressCodeText.LENGTH);
	}

	private static String type(String code, List<Integer> typing) {
		StringBuilder typed = new StringBuilder();
		for (int i = 0; i < code.length(); i++) {
			int choice = typing.get(i);
			char c = code.charAt(i);
			if ((choice & 2) != 0 && c == '1') {
				c = ((choice & 1) != 0) ? 'L' : 'I';
			}
			else if ((choice & 2) != 0 && c == '0') {
				c = 'O';
			}
			typed.append(((choice & 1) != 0) ? String.valueOf(c).toLowerCase(Locale.ROOT) : String.valueOf(c));
			typed.append(switch (choice >> 2) {
				case 1 -> "-";
				case 2 -> " ";
				case 3 -> "- ";
				default -> "";
			});
		}
		return typed.toString();
	}

}
