package io.eventops.reconciler.express;

import java.util.List;

/**
 * The answer to a redemption.
 *
 * @param code the code
 * @param duplicate whether this is the stored result of an attempt that already succeeded
 * @param result what the redemption did
 */
public record Redemption(String code, boolean duplicate, Result result) {

	/**
	 * What a redemption did.
	 *
	 * @param checkedIn the attendees now checked in
	 * @param badgeJobIds their badge jobs
	 */
	public record Result(List<String> checkedIn, List<String> badgeJobIds) {
	}

}
