package io.eventops.orchestrator.printer;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.validation.constraints.NotEmpty;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where printers may be registered (issue #42): registration connects to the address at
 * once and shows whether it answered, so without this an ADMIN could scan the internal
 * network through the orchestrator. The defaults allow the private IPv4 ranges on the raw
 * port 9100 only, never loopback, link-local (cloud metadata) or public addresses.
 *
 * @param allowedCidrs networks a printer's host must resolve into, every address of it
 * (IPv4 or IPv6 CIDR notation, e.g. {@code 10.0.4.0/24})
 * @param allowedPorts ports a printer may listen on, each a port or a range
 * ({@code 9100}, {@code 9100-9109})
 */
@Validated
@ConfigurationProperties("eventops.print.printer-network")
public record PrinterNetwork(
		@NotEmpty @DefaultValue("10.0.0.0/8,172.16.0.0/12,192.168.0.0/16") List<String> allowedCidrs,
		@NotEmpty @DefaultValue("9100") List<String> allowedPorts) {

	private static final Pattern CIDR = Pattern.compile("([0-9A-Fa-f:.]+)/(\\d{1,3})");

	private static final Pattern PORTS = Pattern.compile("(\\d{1,5})(?:-(\\d{1,5}))?");

	public PrinterNetwork {
		// a comma-separated default binds as one element
		allowedCidrs = entries(allowedCidrs);
		allowedPorts = entries(allowedPorts);
		allowedCidrs.forEach(PrinterNetwork::network);
		allowedPorts.forEach(PrinterNetwork::portRange);
	}

	private static List<String> entries(List<String> values) {
		if (values == null) {
			return List.of();
		}
		return values.stream()
			.flatMap((value) -> Arrays.stream(String.valueOf(value).split(",")))
			.map(String::strip)
			.filter((value) -> !value.isEmpty())
			.toList();
	}

	/**
	 * Whether a printer may be registered at this host and port: the port is allowed and
	 * every address the host resolves to lies in an allowed network.
	 * @param host a name or an address literal
	 * @param port the raw port
	 * @return false also when the host does not resolve
	 */
	public boolean allows(String host, int port) {
		if (this.allowedPorts.stream().map(PrinterNetwork::portRange).noneMatch((range) -> range.contains(port))) {
			return false;
		}
		InetAddress[] addresses;
		try {
			addresses = InetAddress.getAllByName(host);
		}
		catch (UnknownHostException | SecurityException ex) {
			return false;
		}
		for (InetAddress address : addresses) {
			if (this.allowedCidrs.stream().map(PrinterNetwork::network).noneMatch((net) -> net.contains(address))) {
				return false;
			}
		}
		return addresses.length > 0;
	}

	private static Network network(String cidr) {
		Matcher matcher = (cidr != null) ? CIDR.matcher(cidr.strip()) : null;
		if (matcher == null || !matcher.matches()) {
			throw invalid("allowed-cidrs", cidr);
		}
		byte[] address;
		try {
			// a literal only (the pattern allows no names), so no DNS lookup happens
			address = InetAddress.getByName(matcher.group(1)).getAddress();
		}
		catch (UnknownHostException ex) {
			throw invalid("allowed-cidrs", cidr);
		}
		int bits = Integer.parseInt(matcher.group(2));
		if (bits > address.length * 8) {
			throw invalid("allowed-cidrs", cidr);
		}
		return new Network(address, bits);
	}

	private static PortRange portRange(String ports) {
		Matcher matcher = (ports != null) ? PORTS.matcher(ports.strip()) : null;
		if (matcher == null || !matcher.matches()) {
			throw invalid("allowed-ports", ports);
		}
		int low = Integer.parseInt(matcher.group(1));
		int high = (matcher.group(2) != null) ? Integer.parseInt(matcher.group(2)) : low;
		if (low < 1 || high > 65535 || low > high) {
			throw invalid("allowed-ports", ports);
		}
		return new PortRange(low, high);
	}

	private static IllegalArgumentException invalid(String property, String value) {
		return new IllegalArgumentException(
				"eventops.print.printer-network." + property + " has an invalid entry: '" + value + "'");
	}

	private record Network(byte[] prefix, int bits) {

		boolean contains(InetAddress address) {
			byte[] bytes = address.getAddress();
			if (bytes.length != this.prefix.length) {
				return false;
			}
			for (int bit = 0; bit < this.bits; bit++) {
				int mask = 0x80 >>> (bit % 8);
				if ((bytes[bit / 8] & mask) != (this.prefix[bit / 8] & mask)) {
					return false;
				}
			}
			return true;
		}

	}

	private record PortRange(int low, int high) {

		boolean contains(int port) {
			return port >= this.low && port <= this.high;
		}

	}

}
