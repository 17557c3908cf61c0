/**
 * The dashboard and the alert rules checked against a real Prometheus scraping a running
 * suite.
 */
package io.eventops.drills.observe;
