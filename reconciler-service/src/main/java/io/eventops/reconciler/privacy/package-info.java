/**
 * Personal data's lifetime (issue #38): erasure of an attendee or a whole event (by an
 * admin, or by the event policy's {@code personalDataRetentionDays} running out), and the
 * export of an event's or one person's data. An erasure removes names, companies, e-mails
 * and free text and keeps ids, counts, times, areas and outcomes.
 */
package io.eventops.reconciler.privacy;
