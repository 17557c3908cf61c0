/**
 * The batch path: one kiosk's validated entries are claimed in Redis, decided and applied
 * in one PostgreSQL transaction with a fixed number of statements, and answered per entry
 * (invariants 1–4, 6, 7).
 */
package io.eventops.reconciler.checkin;
