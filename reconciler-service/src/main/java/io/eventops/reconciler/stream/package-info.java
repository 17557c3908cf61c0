/**
 * The change stream kiosk caches follow: a snapshot that carries the {@code streamSeq} it
 * was built at, and the changes after it in strictly increasing {@code streamSeq}
 * (invariant 10).
 */
package io.eventops.reconciler.stream;
