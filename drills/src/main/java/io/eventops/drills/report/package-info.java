/**
 * A drill's results: latency percentiles, the latency chart (Java2D, headless), and the
 * summary files (JSON for machines, Markdown for people) in the results folder.
 */
package io.eventops.drills.report;
