/**
 * The parts every service's OpenAPI document shares: the RFC 9457 problem schema, the
 * security schemes, {@code Retry-After}, and the rule that the documents are served on
 * the management port only.
 */
package io.eventops.web.openapi;
