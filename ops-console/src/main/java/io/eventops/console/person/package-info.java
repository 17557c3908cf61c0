/**
 * Screen 1, "Find a person": an attendee with their check-ins per area, flags, badge jobs
 * and print state, and the desk's actions on them (correct, reprint, annul, new express
 * code), each passed to the service that owns it.
 */
package io.eventops.console.person;
