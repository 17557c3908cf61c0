package io.eventops.edge.kiosk;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.eventops.edge.web.OutsideProfileException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Which kiosk endpoint each profile may call (issue #37, docs/fleet.md), enforced before
 * the handler runs: a request outside the kiosk's profile is a 403
 * {@code outside-profile} naming the profile, and nothing of it is read or applied. An
 * endpoint of {@code /v1/kiosks/**} that is not listed here is outside every profile.
 * What a flush may carry is the flush's to check (an {@code EXIT} kiosk flushes exits
 * only; only a {@code DESK} annuls another kiosk's admission). Every profile reads the
 * attendee cache (snapshot and changes): an exit kiosk's screen finds the person leaving
 * by name, and every cache must receive the changes that erase personal data (#38).
 */
public final class KioskProfiles implements HandlerInterceptor {

	private static final String KIOSK = "/v1/kiosks/{kioskId}";

	private static final Set<KioskProfile> EVERY = EnumSet.allOf(KioskProfile.class);

	private static final Set<KioskProfile> ATTENDED_OR_SELF_SERVICE = EnumSet.of(KioskProfile.KIOSK, KioskProfile.DESK);

	/**
	 * The kiosk endpoints ({@code METHOD pattern}) and the profiles that may call them.
	 */
	public static final Map<String, Set<KioskProfile>> ENDPOINTS = Map.ofEntries(
			Map.entry("POST " + KIOSK + "/flush", EVERY), Map.entry("GET " + KIOSK + "/sync-state", EVERY),
			Map.entry("GET " + KIOSK + "/snapshot", EVERY), Map.entry("GET " + KIOSK + "/changes", EVERY),
			Map.entry("GET " + KIOSK + "/changes/stream", EVERY), Map.entry("POST " + KIOSK + "/token-rotation", EVERY),
			Map.entry("POST " + KIOSK + "/admission-check", ATTENDED_OR_SELF_SERVICE),
			Map.entry("POST " + KIOSK + "/express-codes/{code}/redeem", ATTENDED_OR_SELF_SERVICE),
			Map.entry("POST " + KIOSK + "/allowance", ATTENDED_OR_SELF_SERVICE),
			Map.entry("GET " + KIOSK + "/occupancy", ATTENDED_OR_SELF_SERVICE),
			Map.entry("GET " + KIOSK + "/attendees/{attendeeId}/badge", ATTENDED_OR_SELF_SERVICE));

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !(authentication.getPrincipal() instanceof KioskPrincipal kiosk)) {
			return true;
		}
		Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
		String endpoint = request.getMethod() + " " + pattern;
		Set<KioskProfile> allowed = ENDPOINTS.get(endpoint);
		if (allowed == null || !allowed.contains(kiosk.profile())) {
			throw new OutsideProfileException(kiosk.profile(),
					"A " + kiosk.profile() + " kiosk may not call " + request.getMethod() + " "
							+ ((pattern != null) ? pattern.toString().replace(KIOSK, "/v1/kiosks/" + kiosk.kioskId())
									: request.getRequestURI())
							+ " (docs/fleet.md); nothing was applied.");
		}
		return true;
	}

}
