/**
 * Talking to the edge over HTTPS: the contract's JSON, TLS trust from a CA file, and the
 * classification of every answer into acknowledged, retryable, or refused.
 */
package io.eventops.agent.http;
