/**
 * The kiosk flush contract: what a kiosk sends ({@code POST /v1/kiosks/{kioskId}/flush})
 * and the per-entry outcomes it gets back.
 */
package io.eventops.model.flush;
