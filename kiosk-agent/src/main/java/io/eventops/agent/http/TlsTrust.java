package io.eventops.agent.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.HexFormat;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Builds the TLS context of the agent: the JDK's default trust, or exactly the
 * certificates of a PEM CA file (the local stack's self-signed edge certificate); and,
 * once a kiosk enrolled (#37), the pin of the edge certificate it enrolled against: an
 * edge presenting any other certificate is refused, whatever CA signed it.
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
		return context(caFile, null);
	}

	/**
	 * A context that trusts the given CA file (or the JDK defaults without one) and, with
	 * a pin, only the pinned edge certificate. With a pin and no CA file the pin alone
	 * decides: the edge's certificate is self-signed, and the kiosk enrolled against
	 * exactly it.
	 * @param caFile PEM certificate(s), or {@code null}
	 * @param pinnedSha256 the edge certificate's SHA-256 in hex, or {@code null}
	 * @return the context
	 */
	public static SSLContext context(Path caFile, String pinnedSha256) {
		try {
			if (caFile == null && pinnedSha256 == null) {
				return SSLContext.getDefault();
			}
			X509TrustManager trust = null;
			if (caFile != null || pinnedSha256 == null) {
				trust = trustManager(caFile);
			}
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, new TrustManager[] { (pinnedSha256 != null) ? new Pinned(pinnedSha256, trust) : trust },
					null);
			return context;
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalArgumentException("Cannot read the CA file " + caFile + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * The SHA-256 of a certificate's encoding, as pinned.
	 * @param certificate the certificate
	 * @return 64 lower-case hex digits
	 */
	public static String sha256(Certificate certificate) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Cannot hash the certificate", ex);
		}
	}

	private static X509TrustManager trustManager(Path caFile) throws IOException, GeneralSecurityException {
		TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		if (caFile == null) {
			factory.init((KeyStore) null);
		}
		else {
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
			factory.init(trust);
		}
		for (TrustManager manager : factory.getTrustManagers()) {
			if (manager instanceof X509TrustManager x509) {
				return x509;
			}
		}
		throw new IllegalStateException("The JDK offers no X.509 trust manager");
	}

	// accepts the pinned leaf only (and, with a CA file, only when it also chains to it).
	// Extended, so that the JDK adds no host name check of its own: the pin names the
	// edge exactly, whichever address the kiosk reaches it at (a venue's IP, say)
	private static final class Pinned extends X509ExtendedTrustManager {

		private final String pin;

		private final X509TrustManager ca;

		Pinned(String pin, X509TrustManager ca) {
			this.pin = pin;
			this.ca = ca;
		}

		private void check(X509Certificate[] chain, String authType) throws CertificateException {
			if (chain == null || chain.length == 0) {
				throw new CertificateException("The edge presented no certificate");
			}
			String presented = sha256(chain[0]);
			if (!MessageDigest.isEqual(presented.getBytes(java.nio.charset.StandardCharsets.US_ASCII),
					this.pin.getBytes(java.nio.charset.StandardCharsets.US_ASCII))) {
				throw new CertificateException("The edge presented a certificate (sha256 " + presented
						+ ") other than the one this kiosk enrolled against (edge-cert-sha256 " + this.pin + ")");
			}
			if (this.ca != null) {
				this.ca.checkServerTrusted(chain, authType);
			}
		}

		@Override
		public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
				throws CertificateException {
			check(chain, authType);
		}

		@Override
		public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
				throws CertificateException {
			check(chain, authType);
		}

		@Override
		public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
			check(chain, authType);
		}

		@Override
		public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
				throws CertificateException {
			throw new CertificateException("The agent does not accept clients");
		}

		@Override
		public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
				throws CertificateException {
			throw new CertificateException("The agent does not accept clients");
		}

		@Override
		public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
			throw new CertificateException("The agent does not accept clients");
		}

		@Override
		public X509Certificate[] getAcceptedIssuers() {
			return (this.ca != null) ? this.ca.getAcceptedIssuers() : new X509Certificate[0];
		}

	}

}
