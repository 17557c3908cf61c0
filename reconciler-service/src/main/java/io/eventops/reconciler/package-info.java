/**
 * The reconciler service: turns every kiosk's flushed check-ins into one exact truth in
 * PostgreSQL and feeds the badge-job outbox.
 */
package io.eventops.reconciler;
