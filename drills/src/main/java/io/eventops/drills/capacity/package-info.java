/**
 * {@code drills capacity}: a hall's capacity held through an outage by the kiosks'
 * escrowed allowances (issue #36, invariant 14).
 */
package io.eventops.drills.capacity;
