/**
 * A local Redis Cluster of {@code redis-server} processes, started the way a production
 * cluster is created: the local stack's {@code --redis-cluster} and the tests'
 * {@code redis-cluster} runs use the same one.
 */
package io.eventops.rediscluster;
