package io.eventops.testsupport;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Redis server (or Redis Cluster) that tests share, each under its own key namespace.
 *
 * @param host the host (of the first node, for a cluster)
 * @param port the port (of the first node, for a cluster)
 * @param origin where the server came from, for the log
 * @param clusterNodes the cluster's nodes as {@code host:port}, empty for a single server
 */
public record RedisServerEndpoint(String host, int port, String origin, List<String> clusterNodes) {

	public RedisServerEndpoint {
		clusterNodes = List.copyOf(clusterNodes);
	}

	public RedisServerEndpoint(String host, int port, String origin) {
		this(host, port, origin, List.of());
	}

	public String url() {
		return "redis://" + this.host + ":" + this.port;
	}

	/**
	 * Whether this is a Redis Cluster.
	 * @return {@code true} when {@link #clusterNodes()} is not empty
	 */
	public boolean cluster() {
		return !this.clusterNodes.isEmpty();
	}

	/**
	 * Spring Boot's standard properties that point a context here: {@code host} and
	 * {@code port}, or {@code spring.data.redis.cluster.nodes} for a cluster.
	 * @return property names and values
	 */
	public Map<String, Object> springProperties() {
		Map<String, Object> properties = new LinkedHashMap<>();
		if (cluster()) {
			properties.put("spring.data.redis.cluster.nodes", String.join(",", this.clusterNodes));
		}
		else {
			properties.put("spring.data.redis.host", this.host);
			properties.put("spring.data.redis.port", this.port);
		}
		return properties;
	}

}
