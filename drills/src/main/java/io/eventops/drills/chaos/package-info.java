/**
 * The fault drill: a seeded scenario of kiosks going offline and online, lost acks,
 * duplicated and reordered batches, a reconciler killed mid-batch, Redis flushed,
 * PostgreSQL restarted and printers failing, then every invariant checked.
 */
package io.eventops.drills.chaos;
