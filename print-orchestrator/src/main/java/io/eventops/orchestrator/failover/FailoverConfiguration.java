package io.eventops.orchestrator.failover;

import io.eventops.orchestrator.ledger.PrintLedger;
import io.eventops.orchestrator.metrics.PrintMetrics;
import io.eventops.orchestrator.printer.PrinterClients;
import io.eventops.orchestrator.printer.PrinterRegistry;
import io.eventops.orchestrator.queue.CompletionMarkers;
import io.eventops.orchestrator.queue.PrintQueues;
import io.eventops.orchestrator.queue.QueuePlacement;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the plain-Java failover procedure.
 */
@Configuration(proxyBeanMethods = false)
class FailoverConfiguration {

	@Bean
	FailoverProcedure failoverProcedure(PrinterRegistry registry, PrintLedger ledger, PrintQueues queues,
			CompletionMarkers markers, QueuePlacement placement, PrinterClients clients, PrintMetrics metrics) {
		return new FailoverProcedure(registry, ledger, queues, markers, placement, clients, metrics);
	}

}
