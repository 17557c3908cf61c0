package io.eventops.rules.policy;

/**
 * One invalid part of a policy: where it is and what is wrong with it, for a 422 that
 * names the field.
 *
 * @param field the field path, e.g. {@code areas[1].rule} or
 * {@code ticketTypes[0].validDays[2]}
 * @param message what is wrong (for a rule, CEL's own message)
 */
public record PolicyProblem(String field, String message) {

}
