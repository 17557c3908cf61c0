package io.eventops.edge.tls;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A second process for {@link SelfSignedCertificateTests}: says {@code ready}, waits for
 * the go file, generates into the directory and prints whether it generated and the
 * certificate it got.
 */
final class GenerationInAnotherJvm {

	private GenerationInAnotherJvm() {
	}

	public static void main(String[] args) throws Exception {
		Path directory = Path.of(args[0]);
		Path go = Path.of(args[1]);
		System.out.println("ready");
		System.out.flush();
		long deadline = System.nanoTime() + 60_000_000_000L;
		while (!Files.exists(go)) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("no go file " + go);
			}
			Thread.sleep(1);
		}
		SelfSignedCertificate.Pem pem = SelfSignedCertificate.ensure(directory, List.of());
		System.out.println("generated=" + pem.generated());
		System.out.print(Files.readString(pem.certificate()));
		System.out.flush();
	}

}
