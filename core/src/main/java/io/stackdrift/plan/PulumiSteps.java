package io.stackdrift.plan;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.model.Action;

/** What the digest and the engine events share: step ops, URNs, diff paths, stack references. */
final class PulumiSteps {
    static final String STACK_REFERENCE = "pulumi:pulumi:StackReference";
    /** The type of the root resource every deployed Pulumi stack holds. */
    static final String ROOT_STACK = "pulumi:pulumi:Stack";

    private PulumiSteps() {
    }

    /**
     * The row action of a logical step op. {@code same}, {@code refresh}, reads and the physical halves of a
     * replacement ({@code create-replacement}, {@code delete-replaced}, ...) are not changes of their own.
     */
    static Optional<Action> action(final String op) {
        return switch (op) {
            case "create" -> Optional.of(Action.CREATE);
            case "update" -> Optional.of(Action.UPDATE);
            case "delete" -> Optional.of(Action.DELETE);
            case "replace" -> Optional.of(Action.REPLACE);
            case "import" -> Optional.of(Action.IMPORT);
            default -> Optional.empty();
        };
    }

    /** Every step op the engine defines (its {@code OpType}); only some of them are changes. */
    static final Set<String> KNOWN_OPS = Set.of("same", "create", "update", "delete", "replace", "create-replacement",
            "delete-replaced", "read", "read-replacement", "refresh", "discard", "discard-replaced", "remove-pending-replace",
            "import", "import-replacement", "diff", "extend-parameterize");

    /** False for an op this version does not know: it may be a change, so the read fails rather than skip it. */
    static boolean known(final String op) {
        return KNOWN_OPS.contains(op);
    }

    /** The type: the state's own, else the last {@code $}-separated segment of the URN's type. */
    static String type(final JsonNode declared, final String urn) {
        if (declared != null && declared.isTextual() && !declared.asText().isEmpty()) {
            return declared.asText();
        }
        String[] parts = urn.split("::", 4);
        if (parts.length < 4) {
            return "";
        }
        String qualified = parts[2];
        return qualified.substring(qualified.lastIndexOf('$') + 1);
    }

    /** The resource name: everything after the URN's third {@code ::} (it may contain {@code ::}). */
    static String name(final String urn) {
        String[] parts = urn.split("::", 4);
        return parts.length < 4 ? urn : parts[3];
    }

    /**
     * The changed property paths: the detailed diff's keys when the provider gave one, else the changed
     * top-level properties and the replace reasons. Provider bookkeeping keys are left out.
     */
    static List<String> paths(final JsonNode detailedDiff, final JsonNode diffs, final JsonNode replaceReasons) {
        return paths(detailedDiff, diffs, replaceReasons, List.of());
    }

    /**
     * The same, each path cut at the first step whose value is a secret in any of {@code states}' inputs or
     * outputs: a key inside a secret map can itself be the secret, as with Terraform's sensitive paths.
     */
    static List<String> paths(final JsonNode detailedDiff, final JsonNode diffs, final JsonNode replaceReasons,
            final List<JsonNode> states) {
        TreeSet<String> raw = new TreeSet<>();
        collect(raw, detailedDiff, diffs, replaceReasons);
        TreeSet<String> paths = new TreeSet<>();
        for (String path : raw) {
            paths.add(PulumiSecrets.cut(path, states));
        }
        return new ArrayList<>(paths);
    }

    private static void collect(final TreeSet<String> paths, final JsonNode detailedDiff, final JsonNode diffs,
            final JsonNode replaceReasons) {
        if (detailedDiff != null && detailedDiff.isObject() && !detailedDiff.isEmpty()) {
            Iterator<String> keys = detailedDiff.fieldNames();
            while (keys.hasNext()) {
                add(paths, keys.next());
            }
        } else {
            addAll(paths, diffs);
            addAll(paths, replaceReasons);
        }
    }

    private static void addAll(final TreeSet<String> paths, final JsonNode names) {
        if (names != null && names.isArray()) {
            for (JsonNode name : names) {
                if (name.isTextual()) {
                    add(paths, name.asText());
                }
            }
        }
    }

    private static void add(final TreeSet<String> paths, final String path) {
        if (!path.isEmpty() && !path.startsWith("__defaults") && !path.startsWith("__meta")) {
            paths.add(path);
        }
    }

    /** The referenced stack name of a StackReference read: input {@code name}, else the read id. */
    static Optional<String> stackReference(final String type, final JsonNode state) {
        if (!STACK_REFERENCE.equals(type) || state == null) {
            return Optional.empty();
        }
        JsonNode name = state.path("inputs").path("name");
        if (!name.isTextual()) {
            name = state.path("id");
        }
        return name.isTextual() && !name.asText().isBlank() ? Optional.of(name.asText()) : Optional.empty();
    }
}
