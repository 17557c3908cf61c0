/**
 * The one place that decides where tests get PostgreSQL and Redis from, so that every
 * module's tests run against real servers on any machine: explicitly configured ones,
 * Testcontainers where Docker runs, the local services where they answer, or embedded
 * servers.
 */
package io.eventops.testsupport;
