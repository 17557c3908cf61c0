package io.eventops.edge.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
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
 * <p>
 * Edges that start at once on one directory (two replicas on a shared volume, two test
 * JVMs) generate one pair between them: generation holds a lock on {@value #LOCK_FILE} in
 * the directory (and a lock of its own within the JVM, as a file lock is held by the
 * process), checks again under it, and publishes the key, then the certificate, each by
 * an atomic move of a complete temporary file; an edge that finds a pair another one
 * wrote uses that pair. Without the lock two edges overwrote each other's files, and one
 * served a certificate its clients no longer found in the file they trust.
 */
final class SelfSignedCertificate {

	static final String CERTIFICATE_FILE = "edge-cert.pem";

	static final String PRIVATE_KEY_FILE = "edge-key.pem";

	static final String LOCK_FILE = ".edge-tls.lock";

	private static final String ALIAS = "edge";

	// a file lock belongs to the process: threads of one JVM take this one first
	private static final Object JVM_LOCK = new Object();

	private SelfSignedCertificate() {
	}

	/**
	 * Returns the pair in {@code directory}, generating it first when it is missing or
	 * its key does not belong to its certificate.
	 * @param directory where the pair lives
	 * @param extraNames subject alternative names beyond localhost and loopback
	 * @return the pair and whether it was generated now
	 */
	static Pem ensure(Path directory, List<String> extraNames) {
		Path certificate = directory.resolve(CERTIFICATE_FILE).toAbsolutePath();
		Path privateKey = directory.resolve(PRIVATE_KEY_FILE).toAbsolutePath();
		// a complete pair needs no lock (and no write access to the directory): a writer
		// replaces only a pair that is not complete, and moves the certificate in last
		if (matches(certificate, privateKey)) {
			return new Pem(certificate, privateKey, false);
		}
		try {
			Files.createDirectories(directory);
			synchronized (JVM_LOCK) {
				try (FileChannel channel = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
						StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
					if (matches(certificate, privateKey)) {
						return new Pem(certificate, privateKey, false);
					}
					generate(directory, certificate, privateKey, extraNames);
					return new Pem(certificate, privateKey, true);
				}
			}
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException("Could not generate the edge's TLS certificate in " + directory
					+ " (set eventops.edge.tls.certificate and private-key instead)", ex);
		}
	}

	private static void generate(Path directory, Path certificate, Path privateKey, List<String> extraNames)
			throws IOException, GeneralSecurityException {
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
			// a stale certificate out first, the key next, the certificate last: both
			// present means complete, for readers that take no lock
			Files.deleteIfExists(certificate);
			write(privateKey, pem("PRIVATE KEY", key.getEncoded()), true);
			write(certificate, pem("CERTIFICATE", cert.getEncoded()), false);
		}
		finally {
			Files.deleteIfExists(keystore);
		}
	}

	/**
	 * Whether both files are there and the key signs what the certificate's public key
	 * verifies (a pair left half-written or mixed from two generations does not).
	 * @param certificate the PEM certificate
	 * @param privateKey the PEM PKCS #8 private key
	 * @return whether they make a pair
	 */
	static boolean matches(Path certificate, Path privateKey) {
		if (!Files.isReadable(certificate) || !Files.isReadable(privateKey)) {
			return false;
		}
		try {
			PublicKey publicKey;
			try (InputStream in = Files.newInputStream(certificate)) {
				publicKey = CertificateFactory.getInstance("X.509").generateCertificate(in).getPublicKey();
			}
			byte[] der = Base64.getMimeDecoder()
				.decode(Files.readString(privateKey, StandardCharsets.US_ASCII)
					.replace("-----BEGIN PRIVATE KEY-----", "")
					.replace("-----END PRIVATE KEY-----", ""));
			PrivateKey key = KeyFactory.getInstance(publicKey.getAlgorithm())
				.generatePrivate(new PKCS8EncodedKeySpec(der));
			String algorithm = "SHA256with"
					+ ("EC".equals(publicKey.getAlgorithm()) ? "ECDSA" : publicKey.getAlgorithm());
			byte[] probe = new byte[32];
			new SecureRandom().nextBytes(probe);
			Signature signer = Signature.getInstance(algorithm);
			signer.initSign(key);
			signer.update(probe);
			byte[] signature = signer.sign();
			Signature verifier = Signature.getInstance(algorithm);
			verifier.initVerify(publicKey);
			verifier.update(probe);
			return verifier.verify(signature);
		}
		catch (IOException | GeneralSecurityException | IllegalArgumentException ex) {
			// unreadable, truncated or not PEM: not a pair to serve
			return false;
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
		// its output to a file, read after the wait: reading the pipe first would wait
		// for
		// a hung keytool as long as it hangs, holding the generation's file lock for
		// every
		// edge on the directory
		Path log = Files.createTempFile(keystore.getParent(), "keytool", ".log");
		try {
			Process process = builder.redirectOutput(log.toFile()).start();
			try {
				if (!process.waitFor(60, TimeUnit.SECONDS)) {
					process.destroyForcibly();
					throw new IOException("keytool did not finish within 60 s: "
							+ Files.readString(log, StandardCharsets.UTF_8).strip());
				}
				if (process.exitValue() != 0) {
					throw new IOException("keytool failed: " + Files.readString(log, StandardCharsets.UTF_8).strip());
				}
			}
			catch (InterruptedException ex) {
				process.destroyForcibly();
				Thread.currentThread().interrupt();
				throw new IOException("Interrupted while generating the certificate", ex);
			}
		}
		finally {
			Files.deleteIfExists(log);
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
