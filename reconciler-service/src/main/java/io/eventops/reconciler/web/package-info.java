/**
 * RFC 9457 problem responses: one helper builds them, one advice maps domain exceptions
 * to them.
 */
package io.eventops.reconciler.web;
