package io.stackdrift.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.model.Directories;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ProcessSpec;

/**
 * One tool call the engine process asks the host to launch ({@code calls/N.json}): the argument vector, the working
 * directory and the variables it adds to the build's environment. A variable the host bound is named only, with the
 * stack it was bound for, and the host fills its value in; only the engine's own switches (such as
 * {@code TF_IN_AUTOMATION=1}, or a debug variable emptied) are written with their values.
 *
 * @param number     the call's number in the step (its files are {@code calls/N.*})
 * @param command    the executable and its arguments
 * @param workingDir the stack directory
 * @param stack      the stack whose bound variables the call takes; empty when it takes none
 * @param secrets    the names of the bound variables the call takes
 * @param switches   the engine's own variables, with their values (never a bound value)
 */
public record ToolCall(int number, List<String> command, Path workingDir, Optional<String> stack, List<String> secrets,
        Map<String, String> switches) {
    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    public ToolCall {
        command = List.copyOf(command);
        Objects.requireNonNull(workingDir, "workingDir");
        Objects.requireNonNull(stack, "stack");
        secrets = List.copyOf(secrets);
        switches = Map.copyOf(switches);
    }

    /**
     * The call for {@code spec}: each variable whose value the host bound becomes a name.
     *
     * @throws IOException when a variable that is not a binding holds a masked value: it would be written to a file
     */
    public static ToolCall of(final int number, final ProcessSpec spec, final StepSecrets bound) throws IOException {
        SecretMask mask = bound.mask();
        Optional<String> stack = Optional.empty();
        List<String> names = new ArrayList<>();
        Map<String, String> switches = new TreeMap<>();
        for (Map.Entry<String, String> variable : spec.environment().entrySet()) {
            Optional<String> binding = bound.stackBinding(variable.getKey(), variable.getValue());
            if (binding.isPresent()) {
                stack = binding;
                names.add(variable.getKey());
            } else if (!mask.mask(variable.getValue()).equals(variable.getValue())) {
                throw new IOException("the variable " + variable.getKey() + " of a tool call holds a secret the step did not bind"
                        + " for its stack; it is not written into the step directory");
            } else {
                switches.put(variable.getKey(), variable.getValue());
            }
        }
        return new ToolCall(number, spec.command(), spec.workingDir().toAbsolutePath(), stack, names, switches);
    }

    /** The variables the host adds to the build's environment when it launches the call: switches, then bindings. */
    public Map<String, String> environment(final StepSecrets bound) {
        Map<String, String> variables = new LinkedHashMap<>(switches);
        Map<String, String> ofStack = stack.map(bound::environmentOf).orElse(Map.of());
        for (String name : secrets) {
            String value = ofStack.get(name);
            if (value != null) {
                variables.put(name, value);
            }
        }
        return variables;
    }

    /** Writes {@code calls/N.json} atomically: a host never reads half a call. */
    public void write(final StepDirectory dir) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("number", number);
        root.set("command", JSON.valueToTree(command));
        root.put("workingDir", workingDir.toString());
        stack.ifPresent(id -> root.put("stack", id));
        root.set("secrets", JSON.valueToTree(secrets));
        root.set("switches", JSON.valueToTree(switches));
        Directories.ensure(dir.calls());
        AtomicFiles.write(dir.call(number), out -> JSON.writeValue(out, root));
    }

    /** Reads call {@code n} of {@code dir}. */
    public static ToolCall read(final StepDirectory dir, final int n) throws IOException {
        JsonNode root;
        try (InputStream in = Files.newInputStream(dir.call(n))) {
            root = JSON.readTree(in);
        }
        if (root == null || root.path("format").asInt() != FORMAT || root.path("number").asInt(-1) != n) {
            throw new IOException("the tool call " + dir.call(n) + " is not a call of format " + FORMAT
                    + ": the host and the engine on the agent are of different versions");
        }
        return new ToolCall(n, JSON.convertValue(root.path("command"), new TypeReference<List<String>>() { }),
                Path.of(root.path("workingDir").asText()),
                root.hasNonNull("stack") ? Optional.of(root.get("stack").asText()) : Optional.empty(),
                JSON.convertValue(root.path("secrets"), new TypeReference<List<String>>() { }),
                JSON.convertValue(root.path("switches"), new TypeReference<Map<String, String>>() { }));
    }
}
