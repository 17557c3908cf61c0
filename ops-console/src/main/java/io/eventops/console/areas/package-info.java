/**
 * Screen 2, "Areas": per area of an event who is inside against its capacity, today's
 * admissions and refusals by reason, and the admissions against the rules to review, as
 * the reconciler reports them; the page asks again every few seconds.
 */
package io.eventops.console.areas;
