/**
 * The suite a drill runs against: started through local-stack's public launcher on free
 * ports, with typed access to its admin APIs, its database and its Redis.
 */
package io.eventops.drills.stack;
