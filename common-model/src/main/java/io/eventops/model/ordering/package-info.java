/**
 * The logical clock that decides which record holds for an attendee (invariant 4).
 */
package io.eventops.model.ordering;
