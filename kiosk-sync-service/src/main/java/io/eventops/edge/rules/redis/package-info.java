/**
 * The time rules' capture history in Redis, shared by every edge replica.
 */
package io.eventops.edge.rules.redis;
