/**
 * The contract's timestamps: parsing RFC 3339 date-times without the cost of
 * {@code DateTimeFormatter}.
 */
package io.eventops.model.time;
