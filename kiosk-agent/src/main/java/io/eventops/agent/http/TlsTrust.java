package io.eventops.agent.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the TLS context of the agent: the JDK's default trust, or exactly the
 * certificates of a PEM CA file (the local stack's self-signed edge certificate).
 */
public final class TlsTrust {

	private TlsTrust() {
	}

	/**
	 * A context that trusts the given CA file, or the JDK defaults without one.
	 * @param caFile PEM certificate(s), or {@code null}
	 * @return the context
	 */
	public static SSLContext context(Path caFile) {
		try {
			if (caFile == null) {
				return SSLContext.getDefault();
			}
			KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
			trust.load(null, null);
			try (InputStream in = Files.newInputStream(caFile)) {
				int index = 0;
				for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
					trust.setCertificateEntry("ca-" + index++, certificate);
				}
				if (index == 0) {
					throw new IllegalArgumentException("No certificate in the CA file " + caFile);
				}
			}
			TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			factory.init(trust);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, factory.getTrustManagers(), null);
			return context;
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalArgumentException("Cannot read the CA file " + caFile + ": " + ex.getMessage(), ex);
		}
	}

}
