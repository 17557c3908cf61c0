/**
 * The drills: the reconnect-herd benchmark and the fault drill, run against a fresh local
 * suite, each printing what it measured and failing when an invariant breaks.
 */
package io.eventops.drills;
