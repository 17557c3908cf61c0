/**
 * RFC 9457 problem responses: one helper builds them, one advice maps exceptions to them,
 * and request metrics by status.
 */
package io.eventops.edge.web;
