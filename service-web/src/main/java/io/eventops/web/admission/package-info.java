/**
 * Admission control for backlog work (issue #39): a lane per hop whose concurrency limit
 * adapts to the latency of the work it admits and stays below the cores available, so
 * that a live request always finds a carrier thread and a connection.
 */
package io.eventops.web.admission;
