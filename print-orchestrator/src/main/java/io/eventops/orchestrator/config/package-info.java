/**
 * Typed, validated settings of the orchestrator and the Redis key names; a bad value
 * stops the service at startup with a message that names the property.
 */
package io.eventops.orchestrator.config;
