package io.eventops.orchestrator.printer;

/**
 * An operation the orchestrator refuses, with a stable reason slug that the web layer
 * turns into a problem.
 */
public class OperationRefusedException extends RuntimeException {

	private final Kind kind;

	private final String slug;

	public OperationRefusedException(Kind kind, String slug, String detail) {
		super(detail);
		this.kind = kind;
		this.slug = slug;
	}

	public static OperationRefusedException unknownPrinter(String printerId) {
		return new OperationRefusedException(Kind.NOT_FOUND, "not-found",
				"Printer '" + printerId + "' does not exist.");
	}

	public static OperationRefusedException conflict(String slug, String detail) {
		return new OperationRefusedException(Kind.CONFLICT, slug, detail);
	}

	public static OperationRefusedException invalid(String slug, String detail) {
		return new OperationRefusedException(Kind.INVALID, slug, detail);
	}

	public Kind kind() {
		return this.kind;
	}

	public String slug() {
		return this.slug;
	}

	/**
	 * Why an operation was refused.
	 */
	public enum Kind {

		/** The named resource does not exist. */
		NOT_FOUND,

		/** The resource's state does not allow it. */
		CONFLICT,

		/** The request makes no sense. */
		INVALID

	}

}
