package io.eventops.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Kubernetes objects of a kustomization: rendered by {@code kubectl kustomize} or
 * {@code kustomize build} when either is installed, otherwise read from the files its
 * {@code resources} and {@code components} list (recursively) and its
 * {@code configMapGenerator} env files; patches and replacements are not applied, so the
 * invariants must already hold in the base.
 *
 * @param source the kustomization directory
 * @param objects the objects
 * @param renderedBy the tool that rendered them, or {@code "files"}
 */
record Manifests(Path source, List<Map<String, Object>> objects, String renderedBy) {

	static Manifests of(Path kustomization) {
		Optional<Path> kubectl = Commands.find("kubectl");
		if (kubectl.isPresent()) {
			return rendered(kustomization, List.of(kubectl.get().toString(), "kustomize", kustomization.toString()),
					"kubectl");
		}
		Optional<Path> kustomize = Commands.find("kustomize");
		if (kustomize.isPresent()) {
			return rendered(kustomization, List.of(kustomize.get().toString(), "build", kustomization.toString()),
					"kustomize");
		}
		return new Manifests(kustomization, fromFiles(kustomization), "files");
	}

	static Manifests fromFilesOnly(Path kustomization) {
		return new Manifests(kustomization, fromFiles(kustomization), "files");
	}

	private static Manifests rendered(Path kustomization, List<String> command, String tool) {
		Commands.Result result = Commands.run(command);
		if (result.exitCode() != 0) {
			throw new AssertionError(String.join(" ", command) + " failed:\n" + result.output());
		}
		return new Manifests(kustomization, RepositoryFiles.documents(result.output()), tool);
	}

	private static List<Map<String, Object>> fromFiles(Path dir) {
		Map<String, Object> kustomization = RepositoryFiles.document(dir.resolve("kustomization.yaml"));
		List<Map<String, Object>> objects = new ArrayList<>();
		List<Object> sources = new ArrayList<>(RepositoryFiles.asList(kustomization.get("resources")));
		sources.addAll(RepositoryFiles.asList(kustomization.get("components")));
		for (Object resource : sources) {
			Path path = dir.resolve(resource.toString()).normalize();
			if (Files.isDirectory(path)) {
				objects.addAll(fromFiles(path));
			}
			else {
				objects.addAll(RepositoryFiles.documents(RepositoryFiles.read(path)));
			}
		}
		for (Object generator : RepositoryFiles.asList(kustomization.get("configMapGenerator"))) {
			Map<String, Object> spec = RepositoryFiles.asMap(generator);
			boolean localConfig = RepositoryFiles.at(spec, "options.annotations") instanceof Map<?, ?> annotations
					&& "true".equals(annotations.get("config.kubernetes.io/local-config"));
			boolean merge = "merge".equals(spec.get("behavior"));
			if (!localConfig && !merge) {
				Map<String, Object> data = new LinkedHashMap<>();
				for (Object env : RepositoryFiles.asList(spec.get("envs"))) {
					RepositoryFiles.read(dir.resolve(env.toString()))
						.lines()
						.filter((line) -> !line.isBlank() && !line.startsWith("#"))
						.forEach((line) -> data.put(line.substring(0, line.indexOf('=')),
								line.substring(line.indexOf('=') + 1)));
				}
				objects.add(Map.of("apiVersion", "v1", "kind", "ConfigMap", "metadata",
						Map.of("name", spec.get("name")), "data", data));
			}
		}
		return objects;
	}

	List<Map<String, Object>> ofKind(String kind) {
		return this.objects.stream().filter((object) -> kind.equals(object.get("kind"))).toList();
	}

	@Override
	public String toString() {
		return this.source.getParent().getFileName() + "/" + this.source.getFileName() + " (" + this.renderedBy + ")";
	}

	static String name(Map<String, Object> object) {
		return String.valueOf(RepositoryFiles.at(object, "metadata.name"));
	}

}
