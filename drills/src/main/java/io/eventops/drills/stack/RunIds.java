package io.eventops.drills.stack;

/**
 * Short lowercase run ids (they go into kiosk ids, which allow 32 characters of
 * {@code [a-z0-9-]}).
 */
public final class RunIds {

	private RunIds() {
	}

	/**
	 * A new id: the time in base 36, last five digits, so reruns on one suite do not
	 * collide.
	 * @return the id
	 */
	public static String next() {
		String time = Long.toString(System.currentTimeMillis() / 100, 36);
		return time.substring(Math.max(0, time.length() - 5));
	}

}
