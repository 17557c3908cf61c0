/**
 * Express codes as people type them: the code alphabet and the canonical spelling that
 * the edge and the reconciler both read codes in.
 */
package io.eventops.model.express;
