package io.eventops.edge.tls;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.logging.Log;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Points {@code server.ssl.bundle} at the PEM bundle {@code edge}: the configured
 * certificate and key, or else a self-signed pair generated on first start, whose
 * certificate path is logged for kiosks and tools to trust. It runs after the config data
 * is loaded and only for the edge (the environment names
 * {@code eventops.edge.tls.generated-dir}); an explicit {@code server.ssl.bundle} is left
 * alone.
 */
class TlsEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	static final String BUNDLE = "edge";

	/** Where the certificate that kiosks must trust is published for this run. */
	static final String CERTIFICATE_PATH_PROPERTY = "eventops.edge.tls.trusted-certificate-path";

	private final Log logger;

	TlsEnvironmentPostProcessor(DeferredLogFactory logs) {
		this.logger = logs.getLog(TlsEnvironmentPostProcessor.class);
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (!environment.containsProperty("eventops.edge.tls.generated-dir")
				|| !environment.getProperty("server.ssl.bundle", "").isBlank()) {
			return;
		}
		TlsProperties tls = Binder.get(environment).bindOrCreate("eventops.edge.tls", TlsProperties.class);
		Map<String, Object> properties = new LinkedHashMap<>();
		String prefix = "spring.ssl.bundle.pem." + BUNDLE + ".keystore.";
		if (!tls.certificate().isBlank() && !tls.privateKey().isBlank()) {
			properties.put(prefix + "certificate", tls.certificate());
			properties.put(prefix + "private-key", tls.privateKey());
			properties.put(CERTIFICATE_PATH_PROPERTY, tls.certificate());
			this.logger.info("Edge TLS: serving the configured certificate " + tls.certificate());
		}
		else {
			SelfSignedCertificate.Pem pem = SelfSignedCertificate.ensure(Path.of(tls.generatedDir()),
					tls.subjectAltNames());
			properties.put(prefix + "certificate", "file:" + pem.certificate());
			properties.put(prefix + "private-key", "file:" + pem.privateKey());
			properties.put(CERTIFICATE_PATH_PROPERTY, pem.certificate().toString());
			this.logger.info("Edge TLS: " + (pem.generated() ? "generated" : "reusing")
					+ " a self-signed certificate; kiosks and tools trust it as their CA: " + pem.certificate());
		}
		properties.put("server.ssl.bundle", BUNDLE);
		environment.getPropertySources().addFirst(new MapPropertySource("eventopsEdgeTls", properties));
	}

}
