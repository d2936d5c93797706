package io.stackdrift.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.model.Directories;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.render.SecretMask;

/**
 * The values a host bound for a step, in {@code secrets/environment.json} of its directory (the directory 0700, the
 * file 0400 where the file system has POSIX permissions): each stack's variables, the stacks whose credentials could
 * not be bound (with the reason), the host's masking pattern and the job's key of plan values. The engine process
 * reads them to give each stack its variables and to mask its output when it cannot ask the host (after a host
 * restart). Nothing else in the step directory holds a value; {@link #toString()} names no value.
 *
 * @param environment stack id → variable → value
 * @param failures    stack id → why its credentials could not be bound (no value)
 * @param maskPattern the host's pattern of every encoded form of the values; empty: the values themselves are masked
 * @param valueKey    the job's key (hex) plan values are digested under; empty: none
 */
public record StepSecrets(Map<String, Map<String, String>> environment, Map<String, String> failures, String maskPattern,
        String valueKey) implements Serializable {
    private static final long serialVersionUID = 1L;
    static final String FILE = "environment.json";
    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    public StepSecrets {
        Map<String, Map<String, String>> copy = new TreeMap<>();
        environment.forEach((stack, variables) -> copy.put(stack, Map.copyOf(variables)));
        environment = Collections.unmodifiableMap(copy);
        failures = Map.copyOf(failures);
        maskPattern = Objects.requireNonNullElse(maskPattern, "");
        valueKey = Objects.requireNonNullElse(valueKey, "");
    }

    public static StepSecrets none() {
        return new StepSecrets(Map.of(), Map.of(), "", "");
    }

    /** What {@code dir} holds; none when the host bound nothing. */
    public static StepSecrets read(final StepDirectory dir) throws IOException {
        Path file = dir.secrets().resolve(FILE);
        if (!Files.exists(file)) {
            return none();
        }
        JsonNode root;
        try (InputStream in = Files.newInputStream(file)) {
            root = JSON.readTree(in);
        }
        if (root == null || root.path("format").asInt() != FORMAT) {
            throw new IOException("the step's secrets file " + file + " is not of format " + FORMAT
                    + ": the host and the engine on the agent are of different versions");
        }
        return new StepSecrets(JSON.convertValue(root.path("stacks"), new TypeReference<Map<String, Map<String, String>>>() { }),
                JSON.convertValue(root.path("failures"), new TypeReference<Map<String, String>>() { }),
                root.path("maskPattern").asText(""), root.path("valueKey").asText(""));
    }

    /** Writes the secrets into {@code dir}, readable by this user only. */
    public void write(final StepDirectory dir) throws IOException {
        Path secrets = Directories.ensure(dir.secrets());
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        if (posix) {
            Files.setPosixFilePermissions(secrets, PosixFilePermissions.fromString("rwx------"));
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.set("stacks", JSON.valueToTree(environment));
        root.set("failures", JSON.valueToTree(failures));
        root.put("maskPattern", maskPattern);
        root.put("valueKey", valueKey);
        Path file = secrets.resolve(FILE);
        AtomicFiles.write(file, out -> JSON.writeValue(out, root));
        if (posix) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
        }
    }

    /** The mask of every bound value: the host's pattern when it gave one, else the values themselves. */
    public SecretMask mask() {
        if (!maskPattern.isEmpty()) {
            return SecretMask.of(Pattern.compile(maskPattern));
        }
        List<String> values = new ArrayList<>();
        environment.values().forEach(variables -> values.addAll(variables.values()));
        if (!valueKey.isEmpty()) {
            values.add(valueKey);
        }
        return SecretMask.of(values);
    }

    /** The variables bound for {@code stack}; none for a stack that names no credentials. */
    public Map<String, String> environmentOf(final String stack) {
        return environment.getOrDefault(stack, Map.of());
    }

    /** The stack whose bound variable {@code name} holds {@code value}, if one does: the call's variable is a secret. */
    public Optional<String> stackBinding(final String name, final String value) {
        return environment.entrySet().stream().filter(e -> value.equals(e.getValue().get(name))).map(Map.Entry::getKey)
                .findFirst();
    }

    @Override
    public String toString() {
        return "StepSecrets[stacks " + environment.keySet() + ", failures " + failures.keySet() + "]";
    }
}
