/**
 * The agent's settings: one typed record, resolved from command-line flags over
 * {@code KIOSK_AGENT_*} environment variables over defaults, parsed strictly.
 */
package io.eventops.agent.config;
