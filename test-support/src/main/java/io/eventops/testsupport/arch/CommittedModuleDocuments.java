package io.eventops.testsupport.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

/**
 * Holds a service's Spring Modulith documentation (the component diagram of its feature
 * modules and one diagram per module) to the one committed under
 * {@code docs/modules/<service>/}, so that a change of the module structure is a visible
 * change of those files (compared line by line in any order); run the tests with
 * {@code -Deventops.modules.write=true} to rewrite them.
 */
public final class CommittedModuleDocuments {

	/** The system property that rewrites the committed documents instead of comparing. */
	public static final String WRITE_PROPERTY = "eventops.modules.write";

	private CommittedModuleDocuments() {
	}

	/**
	 * Compares the generated documentation with the committed files, or rewrites them.
	 * @param modules the service's modules
	 * @param service the service's module name, which names the folder
	 */
	public static void assertMatches(ApplicationModules modules, String service) {
		Path generated = Path.of("target", "spring-modulith-docs", "checked");
		Path committed = root().resolve("docs").resolve("modules").resolve(service);
		try {
			delete(generated);
			new Documenter(modules, Documenter.Options.defaults().withOutputFolder(generated.toString()))
				.writeModulesAsPlantUml()
				.writeIndividualModulesAsPlantUml();
			if (Boolean.getBoolean(WRITE_PROPERTY)) {
				delete(committed);
				Files.createDirectories(committed);
				for (Path file : files(generated)) {
					Files.copy(file, committed.resolve(file.getFileName().toString()));
				}
				return;
			}
			List<String> differences = new ArrayList<>();
			List<String> names = files(generated).stream().map((file) -> file.getFileName().toString()).toList();
			for (String name : names) {
				Path mine = committed.resolve(name);
				if (!Files.exists(mine) || !lines(mine).equals(lines(generated.resolve(name)))) {
					differences.add(name);
				}
			}
			if (Files.isDirectory(committed)) {
				files(committed).stream()
					.map((file) -> file.getFileName().toString())
					.filter((name) -> !names.contains(name))
					.forEach((name) -> differences.add(name + " (no longer generated)"));
			}
			if (!differences.isEmpty()) {
				throw new AssertionError("The module structure of " + service + " changed (" + differences
						+ "): review it and rewrite " + committed + " with -D" + WRITE_PROPERTY + "=true");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	// Spring Modulith writes a diagram's relations in no fixed order: the lines are
	// compared as a set, which still catches every module and dependency that came or
	// went
	private static List<String> lines(Path file) throws IOException {
		return Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip).sorted().toList();
	}

	private static List<Path> files(Path folder) throws IOException {
		try (Stream<Path> files = Files.list(folder)) {
			return files.filter(Files::isRegularFile).sorted().toList();
		}
	}

	private static void delete(Path folder) throws IOException {
		if (Files.isDirectory(folder)) {
			for (Path file : files(folder)) {
				Files.delete(file);
			}
		}
	}

	private static Path root() {
		Path root = Path.of("").toAbsolutePath();
		while (root != null && !Files.exists(root.resolve("mvnw"))) {
			root = root.getParent();
		}
		if (root == null) {
			throw new IllegalStateException("No repository root (a directory with mvnw) above the working directory");
		}
		return root;
	}

}
