/**
 * Wire records shared by the services and the kiosk agent. Plain Java only: no Spring
 * web, no JPA (enforced by an architecture test).
 */
package io.eventops.model;
