package io.eventops.edge.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Generates the edge's self-signed certificate with the JDK's own {@code keytool} (no
 * extra crypto library to keep patched) and stores it as PEM files that Spring Boot's PEM
 * SSL bundle reads; an existing pair is reused, so kiosks keep trusting the same
 * certificate across restarts.
 */
final class SelfSignedCertificate {

	static final String CERTIFICATE_FILE = "edge-cert.pem";

	static final String PRIVATE_KEY_FILE = "edge-key.pem";

	private static final String ALIAS = "edge";

	private SelfSignedCertificate() {
	}

	/**
	 * Returns the pair in {@code directory}, generating it first when it is missing.
	 * @param directory where the pair lives
	 * @param extraNames subject alternative names beyond localhost and loopback
	 * @return the pair and whether it was generated now
	 */
	static Pem ensure(Path directory, List<String> extraNames) {
		Path certificate = directory.resolve(CERTIFICATE_FILE).toAbsolutePath();
		Path privateKey = directory.resolve(PRIVATE_KEY_FILE).toAbsolutePath();
		if (Files.isReadable(certificate) && Files.isReadable(privateKey)) {
			return new Pem(certificate, privateKey, false);
		}
		try {
			Files.createDirectories(directory);
			byte[] passwordBytes = new byte[18];
			new SecureRandom().nextBytes(passwordBytes);
			char[] password = HexFormat.of().formatHex(passwordBytes).toCharArray();
			Path keystore = directory.resolve("edge-" + System.nanoTime() + ".p12");
			try {
				runKeytool(keystore, password, extraNames);
				KeyStore store = KeyStore.getInstance("PKCS12");
				try (InputStream in = Files.newInputStream(keystore)) {
					store.load(in, password);
				}
				PrivateKey key = (PrivateKey) store.getKey(ALIAS, password);
				Certificate cert = store.getCertificate(ALIAS);
				// the key first, the certificate last: both present means complete
				write(privateKey, pem("PRIVATE KEY", key.getEncoded()), true);
				write(certificate, pem("CERTIFICATE", cert.getEncoded()), false);
			}
			finally {
				Files.deleteIfExists(keystore);
			}
			return new Pem(certificate, privateKey, true);
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException("Could not generate the edge's TLS certificate in " + directory
					+ " (set eventops.edge.tls.certificate and private-key instead)", ex);
		}
	}

	private static void runKeytool(Path keystore, char[] password, List<String> extraNames) throws IOException {
		List<String> names = new ArrayList<>(List.of("dns:localhost", "ip:127.0.0.1", "ip:0:0:0:0:0:0:0:1"));
		names.addAll(extraNames);
		Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
		ProcessBuilder builder = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", ALIAS, "-keyalg", "EC",
				"-groupname", "secp256r1", "-sigalg", "SHA256withECDSA", "-dname", "CN=eventops-edge", "-ext",
				"SAN=" + String.join(",", names), "-validity", "825", "-storetype", "PKCS12", "-keystore",
				keystore.toString(), "-storepass", new String(password), "-keypass", new String(password), "-noprompt")
			.redirectErrorStream(true);
		Process process = builder.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		try {
			if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IOException("keytool failed: " + output.strip());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("Interrupted while generating the certificate", ex);
		}
	}

	private static String pem(String type, byte[] der) {
		String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
		return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
	}

	private static void write(Path target, String content, boolean secret) throws IOException {
		Path temp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
		try {
			// the key for the edge only; the certificate for everyone who must trust it
			Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString(secret ? "rw-------" : "rw-r--r--"));
		}
		catch (UnsupportedOperationException ex) {
			// not a POSIX file system: the directory's permissions have to do
		}
		Files.writeString(temp, content, StandardCharsets.US_ASCII);
		try {
			Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (AtomicMoveNotSupportedException ex) {
			Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
		}
	}

	/**
	 * A PEM certificate and its private key.
	 *
	 * @param certificate the certificate file (clients trust it as their CA)
	 * @param privateKey the private key file
	 * @param generated whether it was generated by this call
	 */
	record Pem(Path certificate, Path privateKey, boolean generated) {
	}

}
