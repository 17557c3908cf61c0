package io.eventops.web.validation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import org.springframework.boot.convert.DurationStyle;

/**
 * A duration setting that must be longer than zero, or at least {@link #min()}: on a
 * component of a {@code @Validated @ConfigurationProperties} record, a bad value stops
 * startup with the property's name and this constraint's message. {@code null} is valid
 * (that is {@code @NotNull}'s to refuse).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.ANNOTATION_TYPE,
		ElementType.TYPE_USE })
@Constraint(validatedBy = PositiveDuration.Validator.class)
public @interface PositiveDuration {

	/**
	 * The shortest valid duration, in Spring Boot's duration format ({@code 100ms},
	 * {@code 1s}); empty for anything longer than zero.
	 * @return the minimum, inclusive
	 */
	String min() default "";

	/**
	 * Whether zero is valid too (a grace period that may be off).
	 * @return true to allow zero
	 */
	boolean orZero() default false;

	String message() default "";

	Class<?>[] groups() default {};

	Class<? extends Payload>[] payload() default {};

	/**
	 * Checks a {@link Duration} against the constraint.
	 */
	class Validator implements ConstraintValidator<PositiveDuration, Duration> {

		private Duration min;

		private boolean orZero;

		private String message;

		@Override
		public void initialize(PositiveDuration constraint) {
			this.min = constraint.min().isEmpty() ? null : DurationStyle.detectAndParse(constraint.min());
			this.orZero = constraint.orZero();
			if (!constraint.message().isEmpty()) {
				this.message = constraint.message();
			}
			else if (this.min != null) {
				this.message = "must be at least " + constraint.min();
			}
			else {
				this.message = this.orZero ? "must not be negative" : "must be a positive duration";
			}
		}

		@Override
		public boolean isValid(Duration value, ConstraintValidatorContext context) {
			if (value == null) {
				return true;
			}
			boolean valid;
			if (this.min != null) {
				valid = value.compareTo(this.min) >= 0;
			}
			else {
				valid = this.orZero ? !value.isNegative() : value.isPositive();
			}
			if (!valid) {
				context.disableDefaultConstraintViolation();
				context.buildConstraintViolationWithTemplate(this.message).addConstraintViolation();
			}
			return valid;
		}

	}

}
