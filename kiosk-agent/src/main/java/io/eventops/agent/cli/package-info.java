/**
 * The {@code kiosk-agent} command line (picocli): {@code checkin}, {@code flush},
 * {@code status} and {@code simulate}.
 */
package io.eventops.agent.cli;
