package io.eventops.edge.kiosk;

import java.time.OffsetDateTime;

/**
 * What a presented kiosk token is (issue #37): the token of an active kiosk, of a revoked
 * one (told apart from an unknown token, so that the agent learns it was revoked and
 * wipes its personal data), or nothing the edge issued.
 */
public sealed interface TokenCheck {

	/**
	 * The token authorises a kiosk (a retiring kiosk within its grace is active).
	 *
	 * @param kiosk the kiosk
	 * @param rotationDue whether the kiosk is to receive a new token with this answer
	 * (its token is being rotated and it presented the old one)
	 * @param contactDue whether the kiosk's contact (heartbeat) is due to be written: its
	 * last one is older than the contact write interval, as the same statement read it
	 * (issue #39: a request whose contact is not due costs no write)
	 */
	record Active(KioskPrincipal kiosk, boolean rotationDue, boolean contactDue) implements TokenCheck {

		/**
		 * An active kiosk whose contact is due.
		 * @param kiosk the kiosk
		 * @param rotationDue whether the kiosk is to receive a new token
		 */
		public Active(KioskPrincipal kiosk, boolean rotationDue) {
			this(kiosk, rotationDue, true);
		}

	}

	/**
	 * The token was a kiosk's, whose revocation has taken effect.
	 *
	 * @param kioskId the kiosk
	 * @param mode how it was revoked
	 * @param effectiveAt when its token stopped
	 */
	record Revoked(String kioskId, RevocationMode mode, OffsetDateTime effectiveAt) implements TokenCheck {
	}

	/** The edge never issued this token (or it was replaced). */
	record Unknown() implements TokenCheck {
	}

}
