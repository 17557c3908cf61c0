package io.eventops.drills.chaos;

/**
 * A fault the drill injected, and what was observed when it was.
 *
 * @param atSeconds when, from the start of the scenario
 * @param name the fault
 * @param detail what was observed
 * @param ok whether the injection itself went as planned (the process came back, the
 * failover completed)
 */
public record Fault(double atSeconds, String name, String detail, boolean ok) {
}
