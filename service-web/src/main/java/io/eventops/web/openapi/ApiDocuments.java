package io.eventops.web.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import io.eventops.web.ProblemResponses;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Builds the parts of a service's OpenAPI document that every service shares: the problem
 * schema and per-endpoint problem responses, the HTTP Basic scheme for ops and admins and
 * the bearer schemes, {@code Retry-After}, and the filter chain that serves the document
 * on the management port only.
 */
public final class ApiDocuments {

	/** The security scheme of the {@code ops} and {@code admin} accounts. */
	public static final String OPS_BASIC = "opsBasic";

	/** The security scheme of the internal token the services present to each other. */
	public static final String INTERNAL_TOKEN = "internalToken";

	/** The schema of every RFC 9457 problem. */
	public static final String PROBLEM = "Problem";

	/** The media type of every problem. */
	public static final String PROBLEM_JSON = "application/problem+json";

	private static final String RETRY_AFTER = "Retry-After";

	private ApiDocuments() {
	}

	/**
	 * A document with the shared components.
	 * @param title the API's title
	 * @param description what the API is for, in Markdown
	 * @param serverUrl the base URL of the local stack
	 * @return the document to complete
	 */
	public static OpenAPI document(String title, String description, String serverUrl) {
		Components components = new Components()
			.addSecuritySchemes(OPS_BASIC,
					new SecurityScheme().type(SecurityScheme.Type.HTTP)
						.scheme("basic")
						.description("HTTP Basic for the `ops` (role OPS: read, operate) and `admin` (role ADMIN: "
								+ "everything OPS can, plus provisioning and imports) accounts. Missing or invalid "
								+ "credentials: 401; wrong role: 403."))
			.addHeaders(RETRY_AFTER, new Header().description("Seconds to wait before retrying.")
				.schema(new IntegerSchema().minimum(java.math.BigDecimal.ONE)));
		return new OpenAPI().info(new Info().title(title).version("v1").description(description))
			.servers(List.of(new Server().url(serverUrl).description("the local stack")))
			.components(components);
	}

	/**
	 * Adds the problem schema and the schemas of the given types to a document: called by
	 * a service's {@code OpenApiCustomizer}, after springdoc has dropped the schemas that
	 * nothing referenced yet.
	 * @param document the document
	 * @param types the types whose schemas (and those they use) to add
	 */
	public static void addSchemas(OpenAPI document, Class<?>... types) {
		Schema<?> fieldError = new ObjectSchema().description("One invalid field of a validation problem.")
			.addProperty("field", new StringSchema())
			.addProperty("message", new StringSchema());
		Schema<?> problem = new ObjectSchema()
			.description("An RFC 9457 problem. `type` is " + ProblemResponses.TYPE_BASE
					+ "{slug}; the slug is stable and is what a client branches on. No problem carries a stack trace "
					+ "or an internal exception message.")
			.addProperty("type", new StringSchema().format("uri"))
			.addProperty("title", new StringSchema())
			.addProperty("status", new IntegerSchema())
			.addProperty("detail", new StringSchema())
			.addProperty("instance", new StringSchema().format("uri-reference"))
			.addProperty("errors", new ArraySchema().items(new Schema<>().$ref("#/components/schemas/FieldError"))
				.description("For validation problems: the invalid fields."));
		problem.setRequired(List.of("type", "title", "status"));
		document.getComponents().addSchemas(PROBLEM, problem).addSchemas("FieldError", fieldError);
		for (Class<?> type : types) {
			ModelConverters.getInstance(true)
				.readAll(new AnnotatedType(type))
				.forEach(document.getComponents()::addSchemas);
		}
	}

	/**
	 * Adds an HTTP bearer security scheme to a document.
	 * @param document the document
	 * @param name the scheme's name
	 * @param description who holds the token and what it allows
	 * @return the document
	 */
	public static OpenAPI bearerScheme(OpenAPI document, String name, String description) {
		document.getComponents()
			.addSecuritySchemes(name,
					new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer").description(description));
		return document;
	}

	/**
	 * Describes every operation of a document, in the order springdoc lists them.
	 * @param document the document
	 * @param describe called with {@code "METHOD /path"} and the operation
	 */
	public static void describeEach(OpenAPI document, BiConsumer<String, Operation> describe) {
		document.getPaths()
			.forEach((path, item) -> item.readOperationsMap()
				.forEach((method, operation) -> describe.accept(method + " " + path, operation)));
	}

	/**
	 * The customizer of a service whose every operation is described by one method and
	 * needs no schemas beyond the problem's.
	 * @param describe called with {@code "METHOD /path"} and each operation
	 * @return the customizer
	 */
	public static OpenApiCustomizer describingEach(BiConsumer<String, Operation> describe) {
		return (document) -> {
			addSchemas(document);
			describeEach(document, describe);
		};
	}

	/**
	 * Secures an operation by the {@link #INTERNAL_TOKEN internal token} when its path is
	 * under {@code /internal/}, by the ops and admin accounts otherwise.
	 * @param endpoint {@code "METHOD /path"}
	 * @param operation the operation
	 */
	public static void securedByPath(String endpoint, Operation operation) {
		if (endpoint.contains(" /internal/")) {
			internalSecured(operation);
		}
		else {
			opsSecured(operation);
		}
	}

	/**
	 * Secures an operation by the ops and admin accounts, with the problems HTTP Basic
	 * and the login throttle answer.
	 * @param operation the operation
	 */
	public static void opsSecured(Operation operation) {
		secured(operation, OPS_BASIC);
		problem(operation, 401, "unauthorized", "missing or invalid credentials");
		problem(operation, 429, "login-throttled",
				"too many failed logins for this user, from this address or from every address together; "
						+ "other users are not affected; nothing was checked");
		retryAfter(operation, 429);
		problem(operation, 403, "forbidden", "the account's role does not allow this operation");
	}

	/**
	 * Secures an operation by the {@link #INTERNAL_TOKEN internal token}.
	 * @param operation the operation
	 */
	public static void internalSecured(Operation operation) {
		secured(operation, INTERNAL_TOKEN);
		problem(operation, 401, "unauthorized", "no internal token, or a wrong one");
	}

	/**
	 * Requires a security scheme for an operation.
	 * @param operation the operation
	 * @param scheme the scheme's name
	 */
	public static void secured(Operation operation, String scheme) {
		operation.setSecurity(List.of(new SecurityRequirement().addList(scheme)));
	}

	/**
	 * Adds a problem an operation can answer with; problems of one status share the
	 * response, with one example per type.
	 * @param operation the operation
	 * @param status the HTTP status
	 * @param slug the stable last segment of the problem's {@code type}
	 * @param when when the operation answers with it
	 */
	public static void problem(Operation operation, int status, String slug, String when) {
		ApiResponses responses = (operation.getResponses() != null) ? operation.getResponses() : new ApiResponses();
		operation.setResponses(responses);
		String code = Integer.toString(status);
		ApiResponse response = responses.get(code);
		if (response == null || response.getContent() == null || response.getContent().get(PROBLEM_JSON) == null) {
			response = new ApiResponse().description("")
				.content(new Content().addMediaType(PROBLEM_JSON,
						new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))));
			responses.addApiResponse(code, response);
		}
		String line = "`" + slug + "`: " + when;
		response.setDescription(response.getDescription().isEmpty() ? line : response.getDescription() + "\n\n" + line);
		Map<String, Object> example = new LinkedHashMap<>();
		example.put("type", ProblemResponses.TYPE_BASE + slug);
		example.put("status", status);
		example.put("detail", when);
		response.getContent().get(PROBLEM_JSON).addExamples(slug, new Example().summary(when).value(example));
	}

	/**
	 * Says that a response carries {@code Retry-After}.
	 * @param operation the operation
	 * @param status the response's status
	 */
	public static void retryAfter(Operation operation, int status) {
		ApiResponse response = operation.getResponses().get(Integer.toString(status));
		response.addHeaderObject(RETRY_AFTER, new Header().$ref("#/components/headers/" + RETRY_AFTER));
	}

}
