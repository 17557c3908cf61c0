/**
 * Typed, validated settings of the reconciler; a bad value stops the service at startup
 * with a message that names the property.
 */
package io.eventops.reconciler.config;
