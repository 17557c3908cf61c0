package io.eventops.orchestrator.printer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where printers may be registered: by default the private IPv4 ranges on port 9100,
 * nothing else; a bad entry stops startup naming the property.
 */
class PrinterNetworkTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(BindNetwork.class);

	@ParameterizedTest
	@CsvSource({ "10.0.4.21, 9100, true", "172.20.0.5, 9100, true", "192.168.1.9, 9100, true", "10.0.4.21, 22, false",
			"10.0.4.21, 9101, false", "127.0.0.1, 9100, false", "169.254.169.254, 9100, false",
			"172.32.0.1, 9100, false", "8.8.8.8, 9100, false", "::1, 9100, false",
			"no-such-host.invalid, 9100, false" })
	void theDefaultsAllowPrivateNetworksOnTheRawPortOnly(String host, int port, boolean allowed) {
		this.runner.run((context) -> assertThat(context.getBean(PrinterNetwork.class).allows(host, port))
			.as("%s:%d", host, port)
			.isEqualTo(allowed));
	}

	@Test
	void configuredNetworksAndPortRangesReplaceTheDefaults() {
		this.runner
			.withPropertyValues("eventops.print.printer-network.allowed-cidrs=10.0.4.0/24,fd00::/8",
					"eventops.print.printer-network.allowed-ports=9100-9109")
			.run((context) -> {
				PrinterNetwork network = context.getBean(PrinterNetwork.class);
				assertThat(network.allows("10.0.4.200", 9109)).isTrue();
				assertThat(network.allows("fd12::7", 9100)).isTrue();
				assertThat(network.allows("10.0.5.1", 9100)).isFalse();
				assertThat(network.allows("10.0.4.200", 9110)).isFalse();
			});
	}

	@ParameterizedTest
	@CsvSource({ "eventops.print.printer-network.allowed-cidrs, 10.0.0.0/33",
			"eventops.print.printer-network.allowed-cidrs, printers.example/24",
			"eventops.print.printer-network.allowed-ports, 0",
			"eventops.print.printer-network.allowed-ports, 9200-9100",
			"eventops.print.printer-network.allowed-ports, 70000" })
	void aBadEntryStopsStartupNamingTheProperty(String property, String value) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining(property);
		});
	}

	@EnableConfigurationProperties(PrinterNetwork.class)
	static class BindNetwork {

	}

}
