/**
 * Build-time checks of the deployment artefacts: Kubernetes manifests, docker-compose,
 * Prometheus alert rules, the Grafana dashboard and the runbooks.
 */
package io.eventops.deploy;
