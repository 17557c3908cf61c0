/**
 * TLS always: the edge serves kiosks only over HTTPS, with a configured certificate or,
 * for local runs, a self-signed one generated on first start and reused after.
 */
package io.eventops.edge.tls;
