/**
 * The attendee registry: imports (JSON or CSV, an upsert), and the detail view ops use at
 * the help desk.
 */
package io.eventops.reconciler.attendee;
