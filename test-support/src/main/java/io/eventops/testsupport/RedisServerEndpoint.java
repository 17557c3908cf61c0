package io.eventops.testsupport;

/**
 * A Redis server that tests share, each under its own key namespace.
 *
 * @param host the host
 * @param port the port
 * @param origin where the server came from, for the log
 */
public record RedisServerEndpoint(String host, int port, String origin) {

	public String url() {
		return "redis://" + this.host + ":" + this.port;
	}

}
