package io.eventops.printer.virtual;

import java.time.Duration;
import java.util.Objects;

/**
 * How a virtual printer presents itself: name, where it listens, how fast it prints.
 *
 * @param name printer name, shown in logs and recorded on every label
 * @param host address to bind ({@code 127.0.0.1} by default, {@code 0.0.0.0} in
 * containers)
 * @param port port to bind, 0 for an ephemeral one
 * @param labelTime time one label takes to print
 * @param dpi printhead resolution reported by {@code ~HI}
 * @param logLabels whether to write one line per printed label to standard output
 * @param odometer whether it answers the label counter {@code odometer.total_label_count}
 * (Link-OS printers do; an older printer answers {@code "?"})
 */
public record VirtualPrinterConfig(String name, String host, int port, Duration labelTime, int dpi, boolean logLabels,
		boolean odometer) {

	public VirtualPrinterConfig {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(host, "host");
		Objects.requireNonNull(labelTime, "labelTime");
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException("port must be 0..65535");
		}
		if (labelTime.isNegative()) {
			throw new IllegalArgumentException("labelTime must not be negative");
		}
	}

	/**
	 * A 203 dpi printer with the label counter on an ephemeral loopback port, 200 ms per
	 * label, logging labels.
	 * @param name printer name
	 * @return the configuration
	 */
	public static VirtualPrinterConfig named(String name) {
		return new VirtualPrinterConfig(name, "127.0.0.1", 0, Duration.ofMillis(200), 203, true, true);
	}

	/**
	 * A copy with another value.
	 * @param host the address to bind
	 * @return the new configuration
	 */
	public VirtualPrinterConfig withHost(String host) {
		return new VirtualPrinterConfig(this.name, host, this.port, this.labelTime, this.dpi, this.logLabels,
				this.odometer);
	}

	/**
	 * A copy with another value.
	 * @param port the port, 0 for an ephemeral one
	 * @return the new configuration
	 */
	public VirtualPrinterConfig withPort(int port) {
		return new VirtualPrinterConfig(this.name, this.host, port, this.labelTime, this.dpi, this.logLabels,
				this.odometer);
	}

	/**
	 * A copy with another value.
	 * @param labelTime time one label takes
	 * @return the new configuration
	 */
	public VirtualPrinterConfig withLabelTime(Duration labelTime) {
		return new VirtualPrinterConfig(this.name, this.host, this.port, labelTime, this.dpi, this.logLabels,
				this.odometer);
	}

	/**
	 * A copy with another value.
	 * @param dpi printhead resolution
	 * @return the new configuration
	 */
	public VirtualPrinterConfig withDpi(int dpi) {
		return new VirtualPrinterConfig(this.name, this.host, this.port, this.labelTime, dpi, this.logLabels,
				this.odometer);
	}

	/**
	 * A copy with another value.
	 * @param logLabels whether to log each printed label to standard output
	 * @return the new configuration
	 */
	public VirtualPrinterConfig withLogLabels(boolean logLabels) {
		return new VirtualPrinterConfig(this.name, this.host, this.port, this.labelTime, this.dpi, logLabels,
				this.odometer);
	}

	/**
	 * A copy with another value.
	 * @param odometer whether it answers the label counter
	 * @return the new configuration
	 */
	public VirtualPrinterConfig withOdometer(boolean odometer) {
		return new VirtualPrinterConfig(this.name, this.host, this.port, this.labelTime, this.dpi, this.logLabels,
				odometer);
	}

}
