package io.eventops.rediscluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Picks free loopback ports, all distinct.
 */
public final class FreePorts {

	private FreePorts() {
	}

	/**
	 * Ports that are free now, none picked twice.
	 * @param count how many
	 * @return the ports
	 */
	public static List<Integer> loopback(int count) {
		// every socket stays open until all ports are chosen, so none is picked twice
		List<ServerSocket> sockets = new ArrayList<>();
		try {
			for (int i = 0; i < count; i++) {
				sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
			}
			return sockets.stream().map(ServerSocket::getLocalPort).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No free port", ex);
		}
		finally {
			for (ServerSocket socket : sockets) {
				try {
					socket.close();
				}
				catch (IOException ex) {
					// the port is still free to use
				}
			}
		}
	}

}
