package io.eventops.agent.cache;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class AttendeeCacheSearchTests {

	@TempDir
	Path directory;

	@Test
	void findsByNameCompanyOrEmailIgnoringCaseAndAccents() {
		try (AttendeeCache cache = AttendeeCache.open(this.directory.resolve("c.db"))) {
			cache.replace("ev", 1,
					List.of(attendee("a1", "Zoë Müller", "Straße & Söhne", "zoe@example.org"),
							attendee("a2", "François Lefèvre", "Café Crème", "francois@example.fr"),
							attendee("a3", "Mullerova Jana", "Acme", "jana@example.cz")));
			assertThat(ids(cache.search("muller", 10))).containsExactly("a3", "a1");
			assertThat(ids(cache.search("SOHNE", 10))).containsExactly("a1");
			assertThat(ids(cache.search("francois@", 10))).containsExactly("a2");
			assertThat(ids(cache.search("creme lefevre", 10))).containsExactly("a2");
			assertThat(ids(cache.search("zoe acme", 10))).isEmpty();
			assertThat(cache.search("   ", 10)).isEmpty();
			// LIKE wildcards are text here
			assertThat(cache.search("%", 10)).isEmpty();
		}
	}

	@Test
	void namesThatStartWithTheQueryComeFirst() {
		try (AttendeeCache cache = AttendeeCache.open(this.directory.resolve("c.db"))) {
			cache.replace("ev", 1, List.of(attendee("a1", "Anna Berg", "Adams Ltd", null),
					attendee("a2", "Adams Zed", "Other", null)));
			assertThat(ids(cache.search("adams", 10))).containsExactly("a2", "a1");
		}
	}

	@Test
	void anOwnCheckInIsRememberedWithItsTimeUntilTheServerSays() {
		try (AttendeeCache cache = AttendeeCache.open(this.directory.resolve("c.db"))) {
			cache.replace("ev", 1, List.of(attendee("a1", "Ada", null, null)));
			cache.markCheckedIn("a1", "kiosk-01", "2026-07-16T09:01:00+02:00");
			CachedAttendee ada = cache.find("a1").orElseThrow();
			assertThat(ada.checkedIn()).isTrue();
			assertThat(ada.checkedInBy()).isEqualTo("kiosk-01");
			assertThat(ada.checkedInAt()).isEqualTo("2026-07-16T09:01:00+02:00");
			assertThat(cache.eventId()).isEqualTo("ev");
		}
	}

	/**
	 * The kiosk's type-ahead on 50 000 cached attendees: builds them, then times typical
	 * queries (printed, for the README; no assertion on time: the machine's load
	 * decides).
	 */
	@Test
	void measuresTheTypeAheadOnFiftyThousandAttendees() {
		Random random = new Random(26);
		String[] first = { "Zoë", "François", "Ada", "Grace", "Jürgen", "Björn", "Ana", "Søren", "Łukasz", "Mia" };
		String[] last = { "Müller", "Lefèvre", "Lovelace", "Hopper", "Østergård", "García", "Nowak", "Schmidt", "Rossi",
				"Dubois" };
		List<CachedAttendee> attendees = new ArrayList<>(50_000);
		for (int i = 0; i < 50_000; i++) {
			String name = first[random.nextInt(first.length)] + " " + last[random.nextInt(last.length)] + " " + i;
			attendees
				.add(attendee("att_" + i, name, "Company " + random.nextInt(2_000), "person" + i + "@example.org"));
		}
		try (AttendeeCache cache = AttendeeCache.open(this.directory.resolve("big.db"))) {
			cache.replace("ev", 1, attendees);
			assertThat(cache.size()).isEqualTo(50_000);
			List<String> queries = List.of("m", "mu", "mul", "muller", "zoe mul", "company 17", "person4242@",
					"lovelace 4999", "ostergard", "nobody-like-this");
			for (String query : queries) {
				cache.search(query, 8);
			}
			long[] micros = new long[queries.size() * 5];
			int n = 0;
			for (int round = 0; round < 5; round++) {
				for (String query : queries) {
					long started = System.nanoTime();
					List<CachedAttendee> found = cache.search(query, 8);
					micros[n++] = (System.nanoTime() - started) / 1000;
					if (query.equals("person4242@")) {
						assertThat(ids(found)).containsExactly("att_4242");
					}
				}
			}
			Arrays.sort(micros);
			System.out.printf("type-ahead over 50000 cached attendees: median %.1f ms, p95 %.1f ms, max %.1f ms%n",
					micros[micros.length / 2] / 1000.0, micros[(int) (micros.length * 0.95)] / 1000.0,
					micros[micros.length - 1] / 1000.0);
		}
	}

	private static CachedAttendee attendee(String id, String name, String company, String email) {
		return new CachedAttendee(id, name, company, null, false, null, 1, email, null);
	}

	private static List<String> ids(List<CachedAttendee> attendees) {
		return attendees.stream().map(CachedAttendee::attendeeId).toList();
	}

}
