/**
 * The HTTP conventions the three services share: RFC 9457 problems with stable
 * {@code type} URIs, written the same way by controllers and by security filters.
 */
package io.eventops.web;
