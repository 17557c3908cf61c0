package io.eventops.edge.kiosk;

import java.util.Set;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class KioskRegistrationTests {

	private static ValidatorFactory factory;

	private static Validator validator;

	@BeforeAll
	static void validator() {
		factory = Validation.buildDefaultValidatorFactory();
		validator = factory.getValidator();
	}

	@AfterAll
	static void close() {
		factory.close();
	}

	// the reconciler's own sources: the help desk ("desk") and express codes ("xc-" and
	// the code); a kiosk of that name would read as one of them in every check-in it
	// wins, and before issue #42 shared their idempotency keys
	@ParameterizedTest
	@ValueSource(strings = { "desk", "xc-abcd2345", "xc-1" })
	void aReservedKioskIdIsRefusedNamingTheKioskId(String kioskId) {
		Set<ConstraintViolation<KioskRegistration>> violations = validator
			.validate(new KioskRegistration(kioskId, "evt", null, "default"));

		assertThat(violations).singleElement()
			.satisfies((violation) -> assertThat(violation.getPropertyPath()).hasToString("kioskId"));
	}

	// Review of #36: the automatic check-out's server-origin exits carry kiosk_id
	// "exit-all" (AutomaticCheckOut.SOURCE). A kiosk provisioned under that name has its
	// flushed net merged with every check-out's exits in the allowances' NETS (grouped by
	// kiosk_id): after each check-out its reserve (limit - flushed net) looks larger by
	// the attendees checked out, places that nobody can use and that other kiosks of the
	// area are not granted (invariants 11 and 14).
	@ParameterizedTest
	@ValueSource(strings = { "exit-all" })
	void theAutomaticCheckOutsSourceIsReservedToo(String kioskId) {
		assertThat(validator.validate(new KioskRegistration(kioskId, "evt", null, "default"))).singleElement()
			.satisfies((violation) -> assertThat(violation.getPropertyPath()).hasToString("kioskId"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "desk-1", "badge-desk", "kiosk-07", "xc", "xcavator", "x-c-1" })
	void anIdThatOnlyResemblesAReservedOneIsAccepted(String kioskId) {
		assertThat(validator.validate(new KioskRegistration(kioskId, "evt", null, "default"))).isEmpty();
	}

}
