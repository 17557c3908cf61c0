/**
 * Admission at capture time (issue #35): the edge's decision from the venue-wide history
 * when it answers within the budget, else the same entry-rules decision from the cache
 * and this kiosk's own log, decided and appended under the log's one write lock
 * (invariant 12).
 */
package io.eventops.agent.admission;
