package io.eventops.orchestrator.printer;

import io.eventops.web.Refusal;

/**
 * An operation the orchestrator refuses: a {@link Refusal} of a kind and a
 * {@link PrintProblem}; service-web maps the kind to the status.
 */
public class OperationRefusedException extends Refusal {

	public OperationRefusedException(Kind kind, PrintProblem type, String detail) {
		super(kind, type, detail);
	}

	public static OperationRefusedException unknownPrinter(String printerId) {
		return new OperationRefusedException(Kind.NOT_FOUND, PrintProblem.NOT_FOUND,
				"Printer '" + printerId + "' does not exist.");
	}

	public static OperationRefusedException conflict(PrintProblem type, String detail) {
		return new OperationRefusedException(Kind.CONFLICT, type, detail);
	}

	public static OperationRefusedException invalid(PrintProblem type, String detail) {
		return new OperationRefusedException(Kind.INVALID, type, detail);
	}

}
