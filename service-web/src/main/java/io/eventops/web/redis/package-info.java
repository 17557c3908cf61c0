/**
 * What every service's Redis keys share: their namespace.
 */
package io.eventops.web.redis;
