/**
 * {@code drills admission}: the online admission check's latency on the idle suite (issue
 * #35).
 */
package io.eventops.drills.admission;
