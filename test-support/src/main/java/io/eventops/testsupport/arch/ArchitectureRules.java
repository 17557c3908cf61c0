package io.eventops.testsupport.arch;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The architecture rules every service holds itself to.
 */
public final class ArchitectureRules {

	private static final String HTTP = "org.springframework.http..";

	private ArchitectureRules() {
	}

	/**
	 * Only web code touches {@code org.springframework.http}: controllers, exception
	 * advice, filters, HTTP clients, configuration and the {@code web} packages. Domain
	 * code refuses with a {@code Refusal} of a kind, and service-web maps the kind to a
	 * status in one place.
	 * @return the rule
	 */
	public static ArchRule onlyWebCodeTouchesHttp() {
		return noClasses().that(notWebCode())
			.should()
			.dependOnClassesThat()
			.resideInAPackage(HTTP)
			.because("domain code refuses with a Refusal of a kind; only web code speaks HTTP");
	}

	private static DescribedPredicate<JavaClass> notWebCode() {
		return DescribedPredicate.describe("are not web code", (javaClass) -> !isWebCode(outermost(javaClass)));
	}

	private static boolean isWebCode(JavaClass javaClass) {
		String name = javaClass.getSimpleName();
		return javaClass.getPackageName().contains(".web") || name.endsWith("Controller") || name.endsWith("Client")
				|| name.endsWith("Filter") || name.endsWith("Configuration") || name.endsWith("ExceptionHandler")
				|| javaClass.isAnnotatedWith("org.springframework.web.bind.annotation.RestControllerAdvice")
				|| javaClass.isMetaAnnotatedWith("org.springframework.stereotype.Controller")
				|| javaClass.isMetaAnnotatedWith("org.springframework.context.annotation.Configuration");
	}

	private static JavaClass outermost(JavaClass javaClass) {
		JavaClass outer = javaClass;
		while (outer.getEnclosingClass().isPresent()) {
			outer = outer.getEnclosingClass().get();
		}
		return outer;
	}

}
