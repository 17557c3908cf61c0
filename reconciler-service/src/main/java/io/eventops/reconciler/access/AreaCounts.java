package io.eventops.reconciler.access;

import java.util.Map;

/**
 * What happened at one area of an event.
 *
 * @param areaId the area
 * @param admitted the admissions recorded there
 * @param refused the refusals recorded there, by the kiosk's reason
 * @param againstRules the admissions the server's rules refuse
 */
record AreaCounts(String areaId, long admitted, Map<String, Long> refused, long againstRules) {
}
