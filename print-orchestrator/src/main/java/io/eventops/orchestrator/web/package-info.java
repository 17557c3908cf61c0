/**
 * What the whole HTTP API shares: its RFC 9457 problems and the OpenAPI document. The
 * controllers live in their features ({@code agent}, {@code ledger}, {@code pause}).
 */
package io.eventops.orchestrator.web;
