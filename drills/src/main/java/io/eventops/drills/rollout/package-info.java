/**
 * The rollout drill: every replica of every service restarted one at a time as Kubernetes
 * rolls a Deployment, and one replica of each killed, while a herd drains and kiosks keep
 * checking attendees in; then every invariant, and a table of each restart.
 */
package io.eventops.drills.rollout;
