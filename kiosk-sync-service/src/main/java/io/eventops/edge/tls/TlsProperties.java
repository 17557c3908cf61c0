package io.eventops.edge.tls;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the edge's certificate comes from ({@code eventops.edge.tls.*}); read while the
 * environment is prepared, before any bean exists.
 *
 * @param certificate PEM certificate (chain) location, e.g.
 * {@code file:/etc/edge/cert.pem}
 * @param privateKey PEM private key location; with {@code certificate} it wins over
 * generation
 * @param generatedDir where a self-signed certificate is generated on first start and
 * reused after
 * @param subjectAltNames extra names of the generated certificate, e.g.
 * {@code dns:edge.venue.lan}, {@code ip:10.0.0.5} (localhost and loopback are always in)
 */
@ConfigurationProperties("eventops.edge.tls")
record TlsProperties(@DefaultValue("") String certificate, @DefaultValue("") String privateKey,
		@DefaultValue(".eventops/edge-tls") String generatedDir, @DefaultValue List<String> subjectAltNames) {
}
