package io.eventops.rules.decision;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The arithmetic of a capacity that holds while kiosks are offline (invariant 14): the
 * demarcation protocol (Barbará and Garcia-Molina, 1992), one procedure for the kiosk
 * agent and the reconciler.
 *
 * <p>
 * <b>Ledgers.</b> The server grants each entry kiosk of an area a {@link Grant}: a number
 * of places the kiosk may hold in the entries it makes <em>after a base</em> (its
 * acknowledged seq when it asked) and <em>carries over</em> the attendees the kiosk let
 * in before the base who are still inside by that admission. What a kiosk holds is
 * {@link #held}: per attendee, the carried admission and its admissions after the base,
 * minus the exits there that follow one of theirs. An exit at the kiosk therefore gives a
 * place back only for someone the kiosk itself let in and still holds (offline too, for
 * someone it let in online before it last asked); an exit of someone it did not admit (a
 * double scan, someone let in elsewhere or before the base, someone the automatic
 * check-out already counted out) gives nothing. Annulled admissions count in it: an
 * annulment frees its place through the server's count, never through a ledger.
 *
 * <p>
 * <b>The server's count.</b> The server counts inside-now over every movement it has
 * except each live ledger's entries after its base and its admissions of the attendees it
 * carries: exits at exit kiosks, the automatic check-out's exits and every entry before a
 * base free places there, once, where everyone sees them. Whoever is inside got there by
 * an admission that is their last counted movement: before a base, the server's count has
 * them; after one, the kiosk's ledger does (nothing of theirs at that kiosk follows it).
 * So {@code inside <= insideOutsideLedgers + sum(held)}, and the server grants only while
 * {@code insideOutsideLedgers + sum(reserve) <= capacity}, each ledger's {@link #reserve}
 * covering what its kiosk may hold. That sum moves only under a grant (or when a lease
 * ends): a flush changes neither term, and an exit elsewhere only lowers the count.
 *
 * <p>
 * <b>A grant on its way.</b> The kiosk asks with the grant it holds; until it asks again
 * the server cannot know whether the answer arrived, so a new grant's reserve covers
 * both: the old grant's places, or the new grant's places plus what the kiosk held
 * between the old base and the new one ({@link #reserve}). When the kiosk asks naming the
 * new grant, it becomes the one it holds: its places, or more if the kiosk already held
 * more when it took it (entries made while the answer was on its way, {@link #adopted}).
 * Until the kiosk names it, a question answers the same grant again
 * ({@link Ledger#again}): questions reach the server in any order, and only one naming
 * the grant on its way moves the ledger on. The held grant's places stay in the reserve
 * while the grant on its way runs, whichever lease ends first.
 *
 * <p>
 * A lease that ends gives the reserve back to the area. That is safe for a kiosk that
 * stopped admitting before its lease ended ({@link #occupancy} stops it, with a margin
 * for clock skew) and had flushed what it admitted; a kiosk that comes back after its
 * lease with admissions it had not flushed can take the area over its capacity by at most
 * those admissions. Holding a silent kiosk's places for ever is the only alternative.
 */
public final class Escrow {

	private Escrow() {
	}

	/**
	 * The places a stretch of one kiosk's log holds at an area.
	 * @param steps its admissions (annulled ones too) and exits there, in log order
	 * @return per attendee, the admissions minus the exits that follow one of theirs in
	 * the stretch, summed
	 */
	public static long held(Iterable<Step> steps) {
		return held(java.util.List.of(), steps);
	}

	/**
	 * The places a kiosk's ledger holds: the admissions it carries over from before its
	 * base, then a stretch of its log.
	 * @param carried attendees the kiosk let in before its base and still holds a place
	 * for (each counts as an admission at the stretch's start)
	 * @param steps its admissions (annulled ones too) and exits there, in log order
	 * @return per attendee, the admissions minus the exits that follow one of theirs,
	 * summed
	 */
	public static long held(Iterable<String> carried, Iterable<Step> steps) {
		return open(carried, steps).values().stream().mapToLong(Long::longValue).sum();
	}

	/**
	 * Per attendee, the places a kiosk's ledger holds ({@link #held} is their sum).
	 * @param carried attendees carried over from before the ledger's base
	 * @param steps its admissions and exits after the base, in log order
	 * @return the attendees it holds a place for, with how many
	 */
	public static Map<String, Long> open(Iterable<String> carried, Iterable<Step> steps) {
		Map<String, Long> open = new java.util.TreeMap<>();
		for (String attendee : carried) {
			open.merge(attendee, 1L, Long::sum);
		}
		// in capture order, as inside-now orders movements (found in review: a kiosk
		// clock
		// stepped back made an exit pair with an admission it precedes in capture time);
		// the sort is stable, so log order breaks ties
		java.util.List<Step> ordered = new java.util.ArrayList<>();
		steps.forEach(ordered::add);
		ordered.sort(java.util.Comparator.comparing(Step::capturedAt,
				java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder())));
		for (Step step : ordered) {
			long mine = open.getOrDefault(step.attendeeId(), 0L);
			if (step.admission()) {
				open.put(step.attendeeId(), mine + 1);
			}
			else if (mine > 1) {
				open.put(step.attendeeId(), mine - 1);
			}
			else {
				open.remove(step.attendeeId());
			}
		}
		return open;
	}

	/**
	 * What a new grant carries over from the ledger the kiosk holds, and what stays
	 * behind in the old one.
	 * @param open what the held ledger holds per attendee up to the new base
	 * ({@link #open})
	 * @param lastAdmittedHere attendees whose last movement the server counts is this
	 * kiosk's admission
	 * @return the attendees the new grant carries (held in the old ledger, and inside by
	 * this kiosk's admission) and what the old ledger holds beside them
	 */
	public static Carry carry(Map<String, Long> open, java.util.Set<String> lastAdmittedHere) {
		java.util.List<String> carried = new java.util.ArrayList<>();
		long between = 0;
		for (Map.Entry<String, Long> held : open.entrySet()) {
			if (held.getValue() >= 1 && lastAdmittedHere.contains(held.getKey())) {
				carried.add(held.getKey());
				between += held.getValue() - 1;
			}
			else {
				between += held.getValue();
			}
		}
		return new Carry(java.util.List.copyOf(carried), between);
	}

	/**
	 * A new grant's carried attendees.
	 *
	 * @param carried the attendees, sorted
	 * @param between what the old ledger holds beside them up to the new base
	 */
	public record Carry(java.util.List<String> carried, long between) {
	}

	/**
	 * The places the server holds for one kiosk's ledger.
	 * @param held the places of the grant the kiosk holds, or {@code null} when its lease
	 * ended or it holds none
	 * @param between what the kiosk held between that grant's base and the next grant's
	 * ({@link #held} of those entries)
	 * @param next the places of the grant on its way, or {@code null} when none is or its
	 * lease ended
	 * @return the larger of the two grants' claims
	 */
	public static long reserve(Long held, long between, Long next) {
		long kept = (held != null) ? held : 0;
		return (next != null) ? Math.max(kept, between + next) : kept;
	}

	/**
	 * The places to grant a kiosk now.
	 * @param capacity the area's capacity
	 * @param insideNow inside-now over every movement the server has (what the fair share
	 * is taken from)
	 * @param insideOutsideLedgers inside-now over every movement but the live ledgers'
	 * entries after their bases
	 * @param othersReserved the sum of the other kiosks' {@link #reserve}s
	 * @param between what the kiosk held between the base of the grant it holds and the
	 * new base
	 * @param sharing the entry kiosks of the area the free places are shared among (at
	 * least 1)
	 * @return the new grant's places: a fair share of the places not in use, as far as
	 * the free places cover it beside what the kiosk holds already
	 */
	public static long grant(long capacity, long insideNow, long insideOutsideLedgers, long othersReserved,
			long between, int sharing) {
		long free = capacity - insideOutsideLedgers - othersReserved - between;
		long kiosks = Math.max(1, sharing);
		long fair = (Math.max(0, capacity - insideNow) + kiosks - 1) / kiosks;
		return Math.max(0, Math.min(free, fair));
	}

	/**
	 * The places of a grant once the kiosk names it as the one it holds.
	 * @param places the grant's places
	 * @param heldWhenTaken what the kiosk held after the grant's base when it took it
	 * @return the larger: entries it made while the answer was on its way were covered by
	 * the grant before, and the kiosk admits under this one only below its places
	 */
	public static long adopted(long places, long heldWhenTaken) {
		return Math.max(places, heldWhenTaken);
	}

	/**
	 * The occupancy a kiosk decides an admission with: what it holds after its grant's
	 * base against the grant's places; full without a grant, and from the lease's end
	 * minus a margin by the kiosk's clock (the margin covers the skew between the kiosk's
	 * clock and the server's).
	 * @param allowance the kiosk's grant, or {@code null}
	 * @param held {@link #held} of the kiosk's entries after the grant's base
	 * @param now the kiosk's clock
	 * @param margin how long before the lease's end the kiosk stops admitting
	 * @return the occupancy for {@link EntryDecider#decide}: no one inside and the places
	 * left as the capacity
	 */
	public static Occupancy occupancy(Allowance allowance, long held, Instant now, Duration margin) {
		if (allowance == null || !now.isBefore(allowance.leaseUntil().minus(margin))) {
			return new Occupancy(0, 0, true);
		}
		return new Occupancy(0, Math.max(0, allowance.places() - held), true);
	}

	/**
	 * What the server keeps of one kiosk's ledger at an area: the grant the kiosk holds
	 * (as far as the server knows) and the grant on its way to it.
	 *
	 * @param grant the grant the kiosk holds, or {@code null} for none
	 * @param base the base of the grant it holds (of the one on its way, without one):
	 * the server's count leaves out the kiosk's entries after it while the ledger is live
	 * @param places the places of the grant it holds
	 * @param until the lease of the grant it holds
	 * @param next the grant on its way, or {@code null}
	 * @param nextBase its base
	 * @param nextCarried the attendees it carries over
	 * @param nextPlaces its places
	 * @param between what the kiosk held between {@code base} and {@code nextBase}
	 * @param nextUntil its lease
	 */
	public record Ledger(Long grant, long base, java.util.List<String> carried, long places, Instant until, Long next,
			long nextBase, java.util.List<String> nextCarried, long nextPlaces, long between, Instant nextUntil) {

		/**
		 * A ledger, its carried lists copied.
		 */
		public Ledger {
			carried = java.util.List.copyOf(carried);
			nextCarried = java.util.List.copyOf(nextCarried);
		}

		/**
		 * Whether the server still holds places for the kiosk.
		 * @param now the server's clock
		 * @return whether either grant's lease runs
		 */
		public boolean live(Instant now) {
			return heldPlaces(now) != null || onItsWay(now) != null;
		}

		/**
		 * The places the server holds for the kiosk ({@link Escrow#reserve}).
		 * @param now the server's clock
		 * @return 0 once both leases ended
		 */
		public long reserve(Instant now) {
			return Escrow.reserve(heldPlaces(now), this.between, onItsWay(now));
		}

		/**
		 * The grant the kiosk holds as it asks again.
		 * @param named the grant the kiosk names, or {@code null}
		 * @param heldWhenTaken what it held after that grant's base when it took it
		 * (taken as at most what the server reserved for the kiosk while the grant was on
		 * its way)
		 * @param now the server's clock
		 * @return the grant, empty when the kiosk names none the server holds places for
		 */
		public java.util.Optional<Held> taken(Long named, long heldWhenTaken, Instant now) {
			if (named == null) {
				return java.util.Optional.empty();
			}
			if (named.equals(this.next) && this.nextUntil.isAfter(now)) {
				// never more than the server reserved for the kiosk while the grant was
				// on
				// its way (found in review: a heldWhenTaken of Long.MAX_VALUE overflowed
				// the
				// other kiosks' reserve sum, and any value above the reserve let one
				// faulty
				// kiosk hold the area full for its lease): an honest kiosk made the
				// entries
				// it held when it took the grant under the old grant or the new one, and
				// the reserve covers both
				long reserved = Escrow.reserve((this.grant != null) ? this.places : null, this.between,
						this.nextPlaces);
				return java.util.Optional.of(new Held(this.next, this.nextBase, this.nextCarried,
						adopted(this.nextPlaces, Math.min(heldWhenTaken, reserved)), this.nextUntil));
			}
			if (named.equals(this.grant) && this.until.isAfter(now)) {
				return java.util.Optional.of(new Held(this.grant, this.base, this.carried, this.places, this.until));
			}
			return java.util.Optional.empty();
		}

		/**
		 * The grant on its way, answered again to a kiosk that asks without naming it:
		 * only a kiosk that names the grant on its way took it, and until then the server
		 * grants nothing new. A kiosk whose answer was lost gets it again; a question the
		 * server reaches late (found in review: one that waited before the lock while the
		 * kiosk, its answer timed out, asked again and took the answer to that) changes
		 * nothing: answered with a new grant, it replaced the one the kiosk had taken,
		 * and its places were reserved no more.
		 * @param named the grant the kiosk names, or {@code null}
		 * @param now the server's clock
		 * @return the grant on its way, empty when none runs or the kiosk names it
		 */
		public java.util.Optional<Held> again(Long named, Instant now) {
			if (onItsWay(now) == null || this.next.equals(named)) {
				return java.util.Optional.empty();
			}
			return java.util.Optional
				.of(new Held(this.next, this.nextBase, this.nextCarried, this.nextPlaces, this.nextUntil));
		}

		/**
		 * The ledger after a grant.
		 * @param held the grant the kiosk holds ({@link #taken}), or {@code null}
		 * @param next the new grant
		 * @param nextBase its base (never below the held grant's)
		 * @param nextCarried the attendees the new grant carries over
		 * @param between what the kiosk held between the held grant's base and the new
		 * base (its carried attendees included)
		 * @param places the new grant's places ({@link Escrow#grant})
		 * @param until its lease
		 * @return the ledger to keep
		 */
		public static Ledger granted(Held held, long next, long nextBase, java.util.List<String> nextCarried,
				long between, long places, Instant until) {
			if (held == null) {
				return new Ledger(null, nextBase, nextCarried, 0, until, next, nextBase, nextCarried, places, 0, until);
			}
			return new Ledger(held.grant(), held.base(), held.carried(), held.places(), held.until(), next, nextBase,
					nextCarried, places, between, until);
		}

		// the held grant's places count while its lease runs, and while the grant on its
		// way runs (found in review: the kiosk may have taken that one holding more than
		// its places, entries made under the held grant, and they stay out of the
		// server's count while the ledger is live; only the held grant's places cover
		// them)
		private Long heldPlaces(Instant now) {
			return (this.grant != null && (this.until.isAfter(now) || onItsWay(now) != null)) ? this.places : null;
		}

		private Long onItsWay(Instant now) {
			return (this.next != null && this.nextUntil.isAfter(now)) ? this.nextPlaces : null;
		}

	}

	/**
	 * A grant a kiosk holds.
	 *
	 * @param grant its number
	 * @param base its base
	 * @param carried the attendees it carries over from before its base
	 * @param places its places
	 * @param until its lease
	 */
	public record Held(long grant, long base, java.util.List<String> carried, long places, Instant until) {

		/**
		 * A held grant, its carried list copied.
		 */
		public Held {
			carried = java.util.List.copyOf(carried);
		}

	}

	/**
	 * One entry of a kiosk's ledger.
	 *
	 * @param attendeeId whom it moved
	 * @param admission an admission ({@code true}) or an exit
	 * @param capturedAt when it was captured ({@code null}: in log order before the
	 * others)
	 */
	public record Step(String attendeeId, boolean admission, Instant capturedAt) {

		/**
		 * A step without a capture time, in log order.
		 * @param attendeeId whom it moved
		 * @param admission an admission or an exit
		 */
		public Step(String attendeeId, boolean admission) {
			this(attendeeId, admission, null);
		}

	}

	/**
	 * A kiosk's grant at an area, as the kiosk keeps it.
	 *
	 * @param places the most it may hold in its entries after the grant's base
	 * @param leaseUntil when it stops admitting under it (before the margin)
	 */
	public record Allowance(long places, Instant leaseUntil) {
	}

}
