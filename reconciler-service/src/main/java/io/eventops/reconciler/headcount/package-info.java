/**
 * The head-count of an event: registered, checked in, and badge jobs (which never exceed
 * the checked-in attendees plus explicit reprints).
 */
package io.eventops.reconciler.headcount;
