package io.eventops.agent.log;

/**
 * One entry the edge has not acknowledged, as {@code kiosk-agent export} writes it for
 * staff (issue #37).
 *
 * @param entry the entry as recorded
 * @param deadLetter its dead letter, or {@code null} when it is merely unflushed
 */
public record ExportedEntry(LogEntry entry, DeadLetter deadLetter) {
}
