package io.stackdrift.config;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;

/**
 * Check mode's listing (docs/configuration.md, "Check mode"): every stack with its effective settings — the file's, else the
 * defaults — as a plain-text table or as JSON: schedule, reapply, policy and the guard rails of mode correct
 * ({@code maxChanges}, {@code allowReplace}), so no default is learnt from a warning. Shows credentials variable names
 * and ids, never a secret (stacks.yaml holds none); shows {@code dependsOn: auto} as {@code auto}, because only a preview
 * can know what a Pulumi stack reads, followed for a Terraform/OpenTofu stack by the stacks its
 * {@code terraform_remote_state} blocks read ({@code network (state)}), and the notes of the reads that gave none.
 */
public final class ValidateListing {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String NONE = "-";

    private ValidateListing() {
    }

    /** The table, then ignore rules, outputs files and stacks left out; ends with a newline. */
    public static String text(final StacksConfig config, final List<IgnoredStack> ignored) {
        List<StackConfig> stacks = config.stacks();
        boolean dependencies = stacks.stream().anyMatch(s -> s.autoDepends() || !s.dependsOn().isEmpty());
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("STACK", "TOOL", "DIRECTORY", "DRIFT", "REAPPLY", "POLICY", "MAX CHANGES",
                "REPLACE", "CREDENTIALS"));
        if (dependencies) {
            header.add("DEPENDS ON");
        }
        rows.add(header);
        for (StackConfig stack : stacks) {
            List<String> row = new ArrayList<>(List.of(stack.id().value(), stack.tool().word(), stack.dir(), drift(stack.drift()),
                    stack.reapply().isZero() ? "never" : Durations.format(stack.reapply()), stack.policy().word(),
                    stack.drift().maxChanges() != DriftSettings.NO_LIMIT ? String.valueOf(stack.drift().maxChanges()) : "no limit",
                    stack.drift().allowReplace() ? "allowed" : "asks",
                    stack.credentials().isEmpty() ? NONE : String.join(", ", stack.credentials().keySet().stream().sorted().toList())));
            if (dependencies) {
                row.add(dependsOn(stack, config.stateReadsOf(stack.id())));
            }
            rows.add(row);
        }
        StringBuilder out = new StringBuilder();
        out.append(stacks.size()).append(stacks.size() == 1 ? " stack" : " stacks");
        if (!ignored.isEmpty()) {
            out.append(" · ").append(ignored.size()).append(" left out by ignore");
        }
        out.append(" · parallelism ").append(config.parallelism()).append('\n');
        if (!stacks.isEmpty()) {
            out.append(table(rows));
        }
        for (StackConfig stack : stacks) {
            for (IgnoreRule rule : stack.drift().ignore()) {
                out.append(safe(stack.id().value())).append(" leaves to its owner: ").append(safe(String.join(", ", rule.paths())))
                        .append(" (").append(safe(rule.reason())).append(")\n");
            }
            stack.outputs().ifPresent(outputs -> out.append(safe(stack.id().value())).append(" writes its outputs to ")
                    .append(safe(outputs.file())).append(outputs.sensitive() ? " (sensitive values too)" : "").append('\n'));
        }
        for (IgnoredStack stack : ignored) {
            out.append("left out: ").append(safe(stack.id().value())).append(" (").append(safe(stack.reason())).append(")\n");
        }
        for (String note : config.stateNotes()) {
            out.append("note: ").append(safe(note)).append('\n');
        }
        return out.toString();
    }

    /** The same as JSON: {@code {"valid": true, "parallelism": …, "stacks": [...], "ignored": [...], "warnings": [...]}}. */
    public static String json(final StacksConfig config, final List<IgnoredStack> ignored) {
        ObjectNode root = JSON.createObjectNode();
        root.put("valid", true);
        root.put("config", config.file().toString().replace('\\', '/'));
        root.put("parallelism", config.parallelism());
        ArrayNode stacks = root.putArray("stacks");
        for (StackConfig stack : config.stacks()) {
            ObjectNode node = stacks.addObject();
            node.put("id", stack.id().value());
            node.put("tool", stack.tool().word());
            node.put("dir", stack.dir());
            node.put("name", stack.name());
            ObjectNode drift = node.putObject("drift");
            drift.put("enabled", stack.drift().enabled());
            drift.put("mode", stack.drift().mode().word());
            drift.put("every", Durations.format(stack.drift().every()));
            if (stack.drift().maxChanges() != DriftSettings.NO_LIMIT) {
                drift.put("maxChanges", stack.drift().maxChanges());
            } else {
                drift.putNull("maxChanges");
            }
            drift.put("allowReplace", stack.drift().allowReplace());
            ArrayNode rules = drift.putArray("ignore");
            for (IgnoreRule rule : stack.drift().ignore()) {
                ObjectNode ruleNode = rules.addObject();
                rule.paths().forEach(ruleNode.putArray("paths")::add);
                ruleNode.put("reason", rule.reason());
            }
            node.put("reapply", Durations.format(stack.reapply()));
            node.put("policy", stack.policy().word());
            ObjectNode credentials = node.putObject("credentials");
            stack.credentials().keySet().stream().sorted()
                    .forEach(variable -> credentials.put(variable, stack.credentials().get(variable)));
            ArrayNode dependsOn = node.putArray("dependsOn");
            stack.dependsOn().stream().map(StackId::value).sorted().forEach(dependsOn::add);
            node.put("dependsOnAuto", stack.autoDepends());
            ArrayNode state = node.putArray("dependsOnState");
            config.stateReadsOf(stack.id()).forEach(id -> state.add(id.value()));
            stack.outputs().ifPresentOrElse(outputs -> {
                ObjectNode outputsNode = node.putObject("outputs");
                outputsNode.put("file", outputs.file());
                outputsNode.put("sensitive", outputs.sensitive());
            }, () -> node.putNull("outputs"));
        }
        ArrayNode left = root.putArray("ignored");
        for (IgnoredStack stack : ignored) {
            left.addObject().put("id", stack.id().value()).put("dir", stack.dir()).put("reason", stack.reason());
        }
        root.set("warnings", problems(config.warnings()));
        ArrayNode notes = root.putArray("notes");
        config.stateNotes().forEach(notes::add);
        return write(root);
    }

    /** Problems as JSON, for {@code --json} when the file is invalid: {@code {"valid": false, "problems": [...]}}. */
    public static String problemsJson(final List<Problem> problems, final List<Problem> warnings) {
        ObjectNode root = JSON.createObjectNode();
        root.put("valid", false);
        root.set("problems", problems(problems));
        root.set("warnings", problems(warnings));
        return write(root);
    }

    private static ArrayNode problems(final List<Problem> problems) {
        ArrayNode array = JSON.createArrayNode();
        for (Problem problem : problems) {
            array.addObject().put("file", problem.file()).put("line", problem.line()).put("column", problem.column())
                    .put("message", problem.message()).put("hint", problem.hint());
        }
        return array;
    }

    private static String write(final ObjectNode root) {
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree of strings and numbers always serializes", e);
        }
    }

    private static String drift(final DriftSettings drift) {
        if (!drift.enabled()) {
            return "disabled";
        }
        if (drift.mode() == DriftMode.OFF) {
            return "off";
        }
        String words = drift.mode().word() + " every " + Durations.format(drift.every());
        int paths = drift.ignoredPaths().size();
        return paths == 0 ? words : words + ", " + paths + (paths == 1 ? " path" : " paths") + " ignored";
    }

    private static String dependsOn(final StackConfig stack, final List<StackId> stateReads) {
        List<String> words = new ArrayList<>();
        if (stack.autoDepends()) {
            words.add("auto");
        }
        stack.dependsOn().stream().map(StackId::value).sorted().forEach(words::add);
        stateReads.stream().filter(id -> !stack.dependsOn().contains(id)).map(id -> id.value() + " (state)").forEach(words::add);
        return words.isEmpty() ? NONE : String.join(", ", words);
    }

    private static String table(final List<List<String>> rows) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], safe(row.get(i)).length());
            }
        }
        return rows.stream().map(row -> {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                String cell = safe(row.get(i));
                line.append(cell);
                if (i < columns - 1) {
                    line.append(" ".repeat(widths[i] - cell.length() + 2));
                }
            }
            return line.toString().stripTrailing() + "\n";
        }).collect(Collectors.joining());
    }

    /** Directory and project names come from the repository: no terminal control characters get through. */
    private static String safe(final String text) {
        return text.replaceAll("\\p{Cntrl}", "?");
    }
}
