package io.eventops.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The TCP sockets that listen on this machine, as the kernel lists them in
 * {@code /proc/net/tcp} and {@code /proc/net/tcp6}: by port, the addresses they are bound
 * to ({@code 127.0.0.1}, {@code 0.0.0.0}, {@code ::} …); an IPv4 address on a dual-stack
 * socket ({@code ::ffff:127.0.0.1}) as that IPv4 address.
 */
final class Listeners {

	private static final String LISTEN = "0A";

	private Listeners() {
	}

	/**
	 * Where each listening port is bound.
	 * @return addresses by port
	 * @throws IOException when the kernel's lists cannot be read
	 */
	static Map<Integer, Set<String>> now() throws IOException {
		Map<Integer, Set<String>> listening = new HashMap<>();
		for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
			Path path = Path.of(file);
			if (!Files.isReadable(path)) {
				continue;
			}
			List<String> lines = Files.readAllLines(path);
			for (String line : lines.subList(1, lines.size())) {
				String[] columns = line.trim().split("\\s+");
				if (!LISTEN.equals(columns[3])) {
					continue;
				}
				String[] local = columns[1].split(":");
				listening.computeIfAbsent(Integer.parseInt(local[1], 16), (port) -> new TreeSet<>())
					.add(address(local[0]));
			}
		}
		return listening;
	}

	/**
	 * Where one port listens.
	 * @param port the port
	 * @return its addresses, empty when nothing listens on it
	 * @throws IOException when the kernel's lists cannot be read
	 */
	static Set<String> of(int port) throws IOException {
		return now().getOrDefault(port, Set.of());
	}

	// the kernel writes each 32-bit word in host byte order (little endian here)
	private static String address(String hex) {
		if (hex.length() == 8) {
			long word = Long.parseLong(hex, 16);
			return (word & 0xff) + "." + ((word >> 8) & 0xff) + "." + ((word >> 16) & 0xff) + "."
					+ ((word >> 24) & 0xff);
		}
		StringBuilder ipv6 = new StringBuilder();
		for (int word = 0; word < 4; word++) {
			String part = hex.substring(word * 8, word * 8 + 8);
			for (int b = 3; b >= 0; b--) {
				ipv6.append(part, b * 2, b * 2 + 2);
				if (b % 2 == 0 && !(word == 3 && b == 0)) {
					ipv6.append(':');
				}
			}
		}
		String full = ipv6.toString().toLowerCase();
		String mapped = "0000:0000:0000:0000:0000:ffff:";
		if (full.startsWith(mapped)) {
			// an IPv4 address on a dual-stack socket (a JVM's, bound to 127.0.0.1)
			String v4 = full.substring(mapped.length()).replace(":", "");
			return address(v4.substring(6, 8) + v4.substring(4, 6) + v4.substring(2, 4) + v4.substring(0, 2));
		}
		return full.equals("0000:0000:0000:0000:0000:0000:0000:0000") ? "::"
				: full.equals("0000:0000:0000:0000:0000:0000:0000:0001") ? "::1" : full;
	}

}
