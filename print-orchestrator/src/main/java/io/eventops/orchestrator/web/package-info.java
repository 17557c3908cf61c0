/**
 * The admin HTTP API and its RFC 9457 problems; the only package that knows about HTTP.
 */
package io.eventops.orchestrator.web;
