/**
 * The herd's baselines, measured in the same run on the same entries: the raw limit (the
 * batch path's set-based statements applied straight to PostgreSQL) and the naive path
 * (one Redis round trip and one transaction per entry), each in its own scratch schema.
 */
package io.eventops.drills.baseline;
