package io.eventops.rules.decision;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invariant 14: inside-now never exceeds the area's capacity, under any partition, as
 * long as kiosks keep to their allowances. A model of the whole protocol with
 * {@link Escrow}'s arithmetic on both sides: entry kiosks that admit and let people out,
 * an exit-only kiosk, annulments of admissions ("the gate did not open", also of someone
 * who left since), random partitions, flushes, grants whose answers arrive late (the
 * kiosk admitting meanwhile) or never, time that runs leases out. Attendees behave
 * physically (one comes in only when outside, leaves only when inside). Inside-now is the
 * reconciled count, {@link Inside#now} over every movement any kiosk logged, flushed or
 * not.
 *
 * <p>
 * The one way over the capacity is the documented one: a lease that ends while its kiosk
 * holds admissions the server has not seen gives their places away; the property bounds
 * the excess by exactly those admissions, and it is 0 in every run without one.
 */
class EscrowProperties {

	private static final String AREA = "hall";

	private static final Duration LEASE = Duration.ofMinutes(30);

	private static final Duration MARGIN = Duration.ofMinutes(1);

	private static final Instant START = Instant.parse("2026-07-16T08:00:00Z");

	@Property(tries = 400)
	void insideNeverExceedsTheCapacityButByAdmissionsALeaseEndedOver(@ForAll @IntRange(min = 1, max = 25) int capacity,
			@ForAll @IntRange(min = 1, max = 5) int kiosks, @ForAll("seeds") long seed) {
		Model model = new Model(capacity, kiosks, new Random(seed));
		for (int step = 0; step < 400; step++) {
			model.step();
			long inside = Inside.now(AREA, model.allMovements()).size();
			assertThat(inside).as("inside after step %d (at risk %d)", step, model.atRisk)
				.isLessThanOrEqualTo(capacity + model.atRisk);
		}
	}

	@Property(tries = 200)
	void withoutLeasesEndingOverUnflushedAdmissionsTheCapacityHoldsExactly(
			@ForAll @IntRange(min = 1, max = 25) int capacity, @ForAll @IntRange(min = 1, max = 5) int kiosks,
			@ForAll("seeds") long seed) {
		Model model = new Model(capacity, kiosks, new Random(seed));
		model.leasesRunOut = false;
		model.openDoors();
		for (int step = 0; step < 400; step++) {
			model.step();
			assertThat(model.atRisk).isZero();
			assertThat(Inside.now(AREA, model.allMovements()).size()).isLessThanOrEqualTo(capacity);
		}
		// the allowances are no refusal machine: people do get in
		assertThat(model.admissions).isPositive();
	}

	@net.jqwik.api.Provide
	net.jqwik.api.Arbitrary<Long> seeds() {
		return net.jqwik.api.Arbitraries.longs();
	}

	/** One area, its entry kiosks (index 0..n-1) and one exit-only kiosk (index n). */
	private static final class Model {

		private final int capacity;

		private final int entryKiosks;

		private final Random random;

		private final List<Kiosk> kiosks = new ArrayList<>();

		private final Map<Integer, Lease> leases = new HashMap<>();

		private final Set<String> outside = new HashSet<>();

		private final Set<String> physicallyInside = new HashSet<>();

		private Instant now = START;

		private long atRisk;

		private int admissions;

		private boolean leasesRunOut = true;

		Model(int capacity, int entryKiosks, Random random) {
			this.capacity = capacity;
			this.entryKiosks = entryKiosks;
			this.random = random;
			for (int i = 0; i <= entryKiosks; i++) {
				this.kiosks.add(new Kiosk("k" + i));
			}
			for (int i = 0; i < 3 * capacity + 5; i++) {
				this.outside.add("p" + i);
			}
		}

		// every entry kiosk syncs once before the doors open, and hears the answer
		void openDoors() {
			for (int i = 0; i < this.entryKiosks; i++) {
				sync(this.kiosks.get(i), i);
				this.kiosks.get(i).allowance = this.kiosks.get(i).pending;
				this.kiosks.get(i).pending = null;
			}
		}

		void step() {
			deliver();
			int action = this.random.nextInt(100);
			if (action < 40) {
				arrive(this.kiosks.get(this.random.nextInt(this.entryKiosks)));
			}
			else if (action < 55) {
				leave(this.kiosks.get(this.random.nextInt(this.kiosks.size())));
			}
			else if (action < 60) {
				annul(this.kiosks.get(this.random.nextInt(this.entryKiosks)));
			}
			else if (action < 75) {
				Kiosk kiosk = this.kiosks.get(this.random.nextInt(this.kiosks.size()));
				kiosk.online = !kiosk.online;
			}
			else if (action < 90) {
				Kiosk kiosk = this.kiosks.get(this.random.nextInt(this.entryKiosks));
				if (kiosk.online) {
					sync(kiosk, this.kiosks.indexOf(kiosk));
				}
			}
			else {
				Kiosk kiosk = this.kiosks.get(this.entryKiosks);
				if (kiosk.online) {
					kiosk.flushed = kiosk.log.size();
				}
				advance(Duration.ofMinutes(1 + this.random.nextInt(20)));
			}
		}

		private void arrive(Kiosk kiosk) {
			if (this.outside.isEmpty()) {
				return;
			}
			String person = List.copyOf(this.outside).get(this.random.nextInt(this.outside.size()));
			Occupancy occupancy = Escrow.occupancy(kiosk.allowance, kiosk.net(kiosk.log.size()), this.now, MARGIN);
			if (occupancy.full()) {
				return;
			}
			kiosk.log.add(Movement.checkIn(kiosk.id + ":" + (kiosk.log.size() + 1), person, AREA, tick()));
			this.outside.remove(person);
			this.physicallyInside.add(person);
			this.admissions++;
		}

		private void leave(Kiosk kiosk) {
			if (this.physicallyInside.isEmpty()) {
				return;
			}
			String person = List.copyOf(this.physicallyInside).get(this.random.nextInt(this.physicallyInside.size()));
			kiosk.log.add(Movement.exit(kiosk.id + ":" + (kiosk.log.size() + 1), person, AREA, tick()));
			this.physicallyInside.remove(person);
			this.outside.add(person);
		}

		// "the gate did not open": a kiosk annuls one of its admissions; the attendee is
		// outside, or was already (left since), and the admission counts nowhere
		private void annul(Kiosk kiosk) {
			List<Movement> admissions = kiosk.log.stream()
				.filter((movement) -> movement.type() == MovementType.CHECK_IN)
				.toList();
			if (admissions.isEmpty()) {
				return;
			}
			Movement admission = admissions.get(this.random.nextInt(admissions.size()));
			kiosk.log.add(Movement.annul(kiosk.id + ":" + (kiosk.log.size() + 1), admission.attendeeId(), tick(),
					admission.key()));
			// it counts nowhere: whoever it let in is out, if still in by this admission
			List<Movement> mine = new ArrayList<>();
			for (Kiosk any : this.kiosks) {
				mine.addAll(any.log);
			}
			if (this.physicallyInside.contains(admission.attendeeId())
					&& !Inside.now(AREA, mine).contains(admission.attendeeId())) {
				this.physicallyInside.remove(admission.attendeeId());
				this.outside.add(admission.attendeeId());
			}
		}

		// a flush of everything the kiosk holds, then its allowance renewed; one answer
		// in four is lost on the way back (the server's grant stands)
		private void sync(Kiosk kiosk, int index) {
			kiosk.flushed = kiosk.log.size();
			Lease live = liveLease(index);
			long othersReserved = 0;
			for (Map.Entry<Integer, Lease> lease : this.leases.entrySet()) {
				if (lease.getKey() != index && lease.getValue().live(this.now)) {
					Kiosk other = this.kiosks.get(lease.getKey());
					othersReserved += Escrow.reserved(lease.getValue().limit, other.net(other.flushed));
				}
			}
			long limit = Escrow.grant(this.capacity, used(), othersReserved, kiosk.net(kiosk.flushed),
					(live != null) ? live.limit : null, this.entryKiosks);
			Lease lease = new Lease(limit, this.now.plus(this.leasesRunOut ? LEASE : Duration.ofDays(1000)));
			this.leases.put(index, lease);
			// the answer is on its way: the kiosk admits with what it had until it
			// arrives
			kiosk.pending = new Escrow.Allowance(lease.limit, lease.until);
		}

		// an answer on its way arrives, or is lost (one in four; the server's grant
		// stands)
		private void deliver() {
			for (Kiosk kiosk : this.kiosks) {
				if (kiosk.pending != null && this.random.nextBoolean()) {
					if (this.random.nextInt(4) != 0) {
						kiosk.allowance = kiosk.pending;
					}
					kiosk.pending = null;
				}
			}
		}

		private void advance(Duration duration) {
			Instant next = this.now.plus(duration);
			this.leases.forEach((index, lease) -> {
				if (lease.live(this.now) && !lease.live(next)) {
					Kiosk kiosk = this.kiosks.get(index);
					for (int i = kiosk.flushed; i < kiosk.log.size(); i++) {
						if (kiosk.log.get(i).type() == MovementType.CHECK_IN) {
							this.atRisk++;
						}
					}
				}
			});
			this.now = next;
		}

		private Lease liveLease(int index) {
			Lease lease = this.leases.get(index);
			return (lease != null && lease.live(this.now)) ? lease : null;
		}

		private long used() {
			List<Movement> flushed = new ArrayList<>();
			long nets = 0;
			for (Kiosk kiosk : this.kiosks) {
				flushed.addAll(kiosk.log.subList(0, kiosk.flushed));
				nets += kiosk.net(kiosk.flushed);
			}
			return Escrow.used(Inside.now(AREA, flushed).size(), nets);
		}

		List<Movement> allMovements() {
			List<Movement> all = new ArrayList<>();
			this.kiosks.forEach((kiosk) -> all.addAll(kiosk.log));
			return all;
		}

		private Instant tick() {
			this.now = this.now.plusSeconds(1);
			return this.now;
		}

	}

	private static final class Kiosk {

		private final String id;

		private final List<Movement> log = new ArrayList<>();

		private int flushed;

		private boolean online = true;

		private Escrow.Allowance allowance;

		private Escrow.Allowance pending;

		Kiosk(String id) {
			this.id = id;
		}

		// the net of the first n entries of its log
		long net(int n) {
			long net = 0;
			for (Movement movement : this.log.subList(0, n)) {
				// an annulled admission counts in the net: its place comes back through
				// inside-now, if it came free at all
				net += switch (movement.type()) {
					case CHECK_IN -> 1;
					case EXIT -> -1;
					case ANNUL, REFUSED -> 0;
				};
			}
			return net;
		}

	}

	private record Lease(long limit, Instant until) {

		boolean live(Instant at) {
			return at.isBefore(this.until);
		}

	}

}
