package io.stackdrift.plan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ValueKey;

/**
 * The output changes of one plan and, for a refresh-only plan, what each output's expression refers to. Both are
 * kept until the end of the document (the keys may come in any order); a plan has few outputs, and no value is kept.
 */
final class TerraformOutputChanges {
    /** The action lists of an output change. */
    private static final List<List<String>> OUTPUT_ACTIONS = List.of(List.of("no-op"), List.of("create"), List.of("update"),
            List.of("delete"));

    /** Output name → its action list, by name: a stable order whatever the key order. */
    final Map<String, List<String>> changes = new TreeMap<>();
    /** Output name → the keyed digest of its values ({@link ValueDigests}); empty without a key. */
    private final Map<String, String> values = new HashMap<>();
    private final ValueKey valueKey;

    TerraformOutputChanges() {
        this(ValueKey.NONE);
    }

    /** @param valueKey the key each output's values are digested under; {@link ValueKey#NONE}: values are skipped unread */
    TerraformOutputChanges(final ValueKey valueKey) {
        this.valueKey = valueKey;
    }
    /** Output name → the references of its expression ({@code configuration.root_module.outputs}). */
    final Map<String, List<String>> references = new HashMap<>();
    /**
     * How many drifted addresses are kept for relating outputs to them: past this many, any output update of a
     * refresh-only plan counts as following the drift (so memory does not grow with the drift).
     */
    static final int MOST_DRIFTED_KEPT = 10_000;

    /** Addresses this plan lists as drifted, the first {@link #MOST_DRIFTED_KEPT}. */
    private final Set<String> drifted = new HashSet<>();
    /** More addresses drifted than {@link #drifted} keeps. */
    private boolean driftedOverflow;
    /** {@code configuration.root_module} declares resources, module calls or outputs. */
    private boolean declares;

    /** Notes one drifted address. */
    void drifted(final String address) {
        if (drifted.size() < MOST_DRIFTED_KEPT) {
            drifted.add(address);
        } else {
            driftedOverflow = true;
        }
    }

    void readChanges(final JsonParser parser, final JsonPlanReader.Findings findings) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            if (parser.currentToken() != JsonToken.VALUE_NULL) {
                findings.fail("output_changes is not an object");
            }
            return;
        }
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            List<String> actions = valueKey.isNone() ? readActions(parser) : readActionsAndValues(name, parser);
            if (!OUTPUT_ACTIONS.contains(actions)) {
                // an action this version does not know may be a change: reading it as none would show in sync
                findings.fail("output_changes has an unknown action for an output"
                        + " (this version reads no-op, create, update and delete)");
            } else {
                changes.put(name, actions);
            }
        }
    }

    /** The actions of one output change, and the keyed digest of its values. Outputs are few: each is read as a tree. */
    private List<String> readActionsAndValues(final String name, final JsonParser parser) throws IOException {
        JsonNode change = Trees.read(parser);
        List<String> actions = new ArrayList<>();
        JsonNode list = change == null ? null : change.get("actions");
        if (change == null || !change.isObject()) {
            actions.add("(not an object)");
        } else if (list == null || !list.isArray()) {
            actions.add("(none)");
        } else {
            list.forEach(word -> actions.add(word.isTextual() ? word.textValue() : "(not a string)"));
            values.put(name, ValueDigests.of(valueKey, change.get("before"), change.get("after"), change.get("after_unknown")));
        }
        return actions;
    }

    /** The actions of one output change; its values are skipped unread. */
    private static List<String> readActions(final JsonParser parser) throws IOException {
        List<String> actions = new ArrayList<>();
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            actions.add("(not an object)");
            return actions;
        }
        boolean seen = false;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (!"actions".equals(field) || parser.currentToken() != JsonToken.START_ARRAY) {
                parser.skipChildren();
                continue;
            }
            seen = true;
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                actions.add(parser.currentToken() == JsonToken.VALUE_STRING ? parser.getText() : "(not a string)");
                parser.skipChildren();
            }
        }
        if (!seen) {
            actions.add("(none)");
        }
        return actions;
    }

    /**
     * {@code configuration.root_module}: with {@code references}, each output's {@code expression.references}; always,
     * whether the code declares anything ({@code resources}, {@code module_calls}, {@code outputs}). Everything else is
     * skipped unread.
     */
    void readConfiguration(final JsonParser parser, final boolean withReferences) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            if (!"root_module".equals(name) || parser.currentToken() != JsonToken.START_OBJECT) {
                parser.skipChildren();
                continue;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "outputs" -> {
                        if (withReferences) {
                            JsonNode outputs = Trees.read(parser);
                            declares |= outputs != null && outputs.isObject() && !outputs.isEmpty();
                            readReferences(outputs);
                        } else {
                            declares |= nonEmpty(parser);
                        }
                    }
                    case "resources", "module_calls" -> declares |= nonEmpty(parser);
                    default -> parser.skipChildren();
                }
            }
        }
    }

    private void readReferences(final JsonNode outputs) {
        if (outputs == null || !outputs.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = outputs.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> output = it.next();
            List<String> refs = new ArrayList<>();
            JsonNode list = output.getValue().path("expression").path("references");
            if (list.isArray()) {
                list.forEach(ref -> refs.add(ref.asText("")));
            }
            references.put(output.getKey(), refs);
        }
    }

    /**
     * {@code prior_state.values.root_module}: whether it holds resources ({@code resources} or {@code child_modules}
     * not empty). Its outputs do not count: a refresh-only plan lists the code's outputs there before any apply.
     */
    static boolean priorResources(final JsonParser parser) throws IOException {
        return nonEmptyAt(parser, List.of("values", "root_module"), List.of("resources", "child_modules"));
    }

    private static boolean nonEmptyAt(final JsonParser parser, final List<String> path, final List<String> leaves) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return false;
        }
        boolean found = false;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            if (path.isEmpty() && leaves.contains(name)) {
                found |= nonEmpty(parser);
            } else if (!path.isEmpty() && path.get(0).equals(name)) {
                found |= nonEmptyAt(parser, path.subList(1, path.size()), leaves);
            } else {
                parser.skipChildren();
            }
        }
        return found;
    }

    /** Whether the current array or object has an element; the parser ends at its end either way. */
    private static boolean nonEmpty(final JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.START_ARRAY && token != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return false;
        }
        boolean any = false;
        while (true) {
            JsonToken next = parser.nextToken();
            if (next == null || next == JsonToken.END_ARRAY || next == JsonToken.END_OBJECT) {
                return any;
            }
            any = true;
            if (next == JsonToken.FIELD_NAME) {
                parser.nextToken();
            }
            parser.skipChildren();
        }
    }

    /**
     * Whether the plan's outputs say the state was empty: no output existed before (each change creates it). With no
     * resource in {@code prior_state} and code that declares something, the stack was never deployed.
     */
    boolean noOutputBefore() {
        return changes.values().stream().allMatch(List.of("create")::equals);
    }

    /** The code declares resources, module calls or outputs (read from {@code configuration}), or the plan lists outputs. */
    boolean codeDeclares() {
        return declares || !changes.isEmpty();
    }

    void emit(final PlanSink sink, final TerraformPlanKind kind) {
        for (Map.Entry<String, List<String>> entry : changes.entrySet()) {
            Optional<Action> action = switch (entry.getValue().get(0)) {
                case "create" -> Optional.of(Action.CREATE);
                case "update" -> Optional.of(Action.UPDATE);
                case "delete" -> Optional.of(Action.DELETE);
                default -> Optional.empty();
            };
            if (action.isEmpty()) {
                continue;
            }
            Cause cause = Cause.CODE;
            if (kind == TerraformPlanKind.REFRESH_ONLY) {
                if (!followsDrift(entry.getKey(), action.get())) {
                    // the code changed it: a refresh-only plan cannot see code changes of resources either
                    continue;
                }
                cause = Cause.DRIFT;
            }
            sink.onChange(Change.ofOutput(action.get(), entry.getKey(), cause).withValues(values.getOrDefault(entry.getKey(), "")));
        }
    }

    /** Whether a refresh-only plan's change of the output comes from outside the code ({@link TerraformPlanReader}). */
    boolean followsDrift(final String name, final Action action) {
        if (action != Action.UPDATE) {
            // outputs appear and disappear with the code only
            return false;
        }
        List<String> refs = references.get(name);
        if (refs == null || driftedOverflow) {
            return !drifted.isEmpty();
        }
        for (String ref : refs) {
            if (ref.startsWith("data.")) {
                return true;
            }
            if (ref.startsWith("local.") && !drifted.isEmpty()) {
                return true;
            }
            for (String address : drifted) {
                if (related(ref, address)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** One names the other or something inside it ({@code aws_x.a} and {@code aws_x.a[0]}, {@code module.m} and its resources). */
    static boolean related(final String reference, final String address) {
        return within(reference, address) || within(address, reference);
    }

    private static boolean within(final String inner, final String outer) {
        if (!inner.startsWith(outer)) {
            return false;
        }
        if (inner.length() == outer.length()) {
            return true;
        }
        char next = inner.charAt(outer.length());
        return next == '.' || next == '[';
    }
}
