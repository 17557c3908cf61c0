/**
 * The local stack: one command that runs the whole suite on one machine with no Docker,
 * on embedded PostgreSQL (data kept across restarts) and Redis, with two virtual
 * printers.
 */
package io.eventops.localstack;
