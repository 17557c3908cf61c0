package io.eventops.edge.web;

/**
 * A kiosk's request outside its profile (issue #37): a 403 problem
 * {@code outside-profile} that names the profile, and nothing of the request applied. Not
 * a {@link io.eventops.web.Refusal}: the shared refusals have no kind for a 403 (the
 * security chain answers those), and this one is the edge's alone.
 */
public class OutsideProfileException extends RuntimeException {

	private final Enum<?> profile;

	/**
	 * Creates the refusal.
	 * @param profile the kiosk's profile
	 * @param detail what the profile does not allow, for the problem's detail
	 */
	public OutsideProfileException(Enum<?> profile, String detail) {
		super(detail);
		this.profile = profile;
	}

	/**
	 * The kiosk's profile.
	 * @return its name
	 */
	public String profile() {
		return this.profile.name();
	}

}
