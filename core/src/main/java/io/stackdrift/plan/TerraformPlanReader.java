package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ValueKey;

/**
 * Reads the plan representation of Terraform and OpenTofu ({@code show -json PLANFILE}), streaming: one
 * resource-change object at a time, never the whole document.
 * <ul>
 * <li>pending changes: {@code resource_changes} whose actions are not {@code no-op} or {@code read};</li>
 * <li>drift: every {@code resource_drift} entry that is not a no-op (refresh-only plans list moves as no-op);
 *     all drift is reported, {@code relevant_attributes} does not filter it;</li>
 * <li>failed: {@code errored: true}, a {@code format_version} whose major is not 0 or 1, or no format version;
 *     a document without any of the plan's own keys ({@code planned_values}, {@code resource_changes},
 *     {@code resource_drift}, {@code prior_state}, {@code configuration}, {@code output_changes}), such as the
 *     {@code show -json} of a state ({@code values} and no {@code planned_values}): read as a plan it would
 *     pass for one with nothing to do;</li>
 * <li>not failures: {@code checks} with status {@code fail} (Terraform turns a failing check that blocks
 *     the plan into an error and {@code errored: true}; a failing check alone is a warning),
 *     {@code complete: false} and {@code applyable: false};</li>
 * <li>{@code output_changes}: an output whose actions are not {@code no-op} is a change of type {@code output},
 *     address {@code output}, with the output's name as its one path (never its value; a sensitive output is named
 *     the same way). In a {@link TerraformPlanKind#PLAN} it is a pending code change. In a
 *     {@link TerraformPlanKind#REFRESH_ONLY} plan (a drift
 *     check) Terraform lists outputs the code added or changed as well as outputs changed by what changed outside
 *     it, so an output change is drift only when it is an update whose expression ({@code configuration}) refers to a
 *     resource this plan lists as drifted, to a data source (re-read from outside), or to something the
 *     configuration does not resolve ({@code local.*}, no expression found) while the plan has drift; any other is a
 *     code change, which a drift check does not list (the next preview does);</li>
 * <li>an empty state ({@link PriorState#EMPTY}): no resource in {@code prior_state} (Terraform leaves the key out when
 *     the state is empty), no output that existed before (every output change a {@code create}), and a
 *     {@code configuration} that declares resources, module calls or outputs;</li>
 * <li>not read: {@code deferred_changes}.</li>
 * </ul>
 */
public final class TerraformPlanReader extends JsonPlanReader {
    static final String FORMAT = "terraform plan";

    /** The type and address of an output's change; the output's name is its path ({@link Change#ofOutput}). */
    public static final String OUTPUT = Change.OUTPUT;

    private final TerraformPlanKind kind;

    /** A reader of normal plans. */
    public TerraformPlanReader() {
        this(TerraformPlanKind.PLAN);
    }

    public TerraformPlanReader(final TerraformPlanKind kind) {
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    /** Keys only a plan has (a state has {@code values}, a provider schema {@code provider_schemas}). */
    static final List<String> PLAN_KEYS = List.of("planned_values", "resource_changes", "resource_drift", "prior_state",
            "configuration", "output_changes");

    @Override
    String format() {
        return FORMAT;
    }

    /** The bytes' own parser: plans are large, and most of their reading is tokens and values compared. */
    @Override
    JsonParser open(final Path file) throws IOException {
        return new ByteJsonParser(Files.newInputStream(file));
    }

    @Override
    void parse(final Path file, final JsonParser parser, final PlanSink sink, final Findings findings) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            findings.fail("not a Terraform/OpenTofu plan: the file is not a JSON object");
            return;
        }
        String formatVersion = null;
        boolean errored = false;
        boolean planKey = false;
        boolean plannedValues = false;
        boolean stateValues = false;
        boolean priorResources = false;
        TerraformOutputChanges outputs = new TerraformOutputChanges(sink.wantsPaths() ? sink.valueKey() : ValueKey.NONE);
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            planKey |= PLAN_KEYS.contains(name);
            plannedValues |= "planned_values".equals(name);
            stateValues |= "values".equals(name);
            switch (name) {
                case "format_version" -> formatVersion = scalarText(parser);
                case "terraform_version" -> findings.toolVersion = shown(String.valueOf(scalarText(parser)));
                case "errored" -> errored = parser.currentToken() == JsonToken.VALUE_TRUE;
                case "resource_changes" -> readChanges(parser, sink, Cause.CODE, findings, name, outputs);
                case "resource_drift" -> readChanges(parser, sink, Cause.DRIFT, findings, name, outputs);
                case "output_changes" -> outputs.readChanges(parser, findings);
                case "configuration" -> outputs.readConfiguration(parser, kind == TerraformPlanKind.REFRESH_ONLY);
                case "prior_state" -> priorResources = TerraformOutputChanges.priorResources(parser);
                case "provider_schemas" -> {
                    parser.skipChildren();
                    findings.fail("a provider schema (providers schema -json), not a plan");
                }
                default -> parser.skipChildren();
            }
        }
        if (parser.nextToken() != null) {
            findings.fail("unexpected content after the plan's JSON object");
        }
        if (formatVersion == null) {
            findings.fail("not a Terraform/OpenTofu plan: it has no format_version");
        } else {
            int major = majorVersion(formatVersion);
            if (major != 0 && major != 1) {
                findings.fail("unknown plan format version " + shown(formatVersion) + " (this version reads 0.x and 1.x)");
            }
        }
        if (stateValues && !plannedValues) {
            findings.fail("a state (show -json of a state), not a plan: show the saved plan file instead");
        } else if (!planKey) {
            findings.fail("not a Terraform/OpenTofu plan: it has none of " + String.join(", ", PLAN_KEYS));
        }
        if (errored) {
            findings.fail("the plan errored (errored: true): the tool's error diagnostics say why");
        }
        if (!priorResources && outputs.noOutputBefore() && outputs.codeDeclares()) {
            // Terraform leaves prior_state out of a plan whose state is empty: nothing was ever applied (or all was destroyed)
            findings.priorState = PriorState.EMPTY;
        }
        outputs.emit(sink, kind);
    }

    private static void readChanges(final JsonParser parser, final PlanSink sink, final Cause cause,
            final Findings findings, final String list, final TerraformOutputChanges outputs) throws IOException {
        // one list's values and masks are mostly of a few shapes: each tree is sized from the one read before
        TreeShapes values = new TreeShapes();
        TreeShapes masks = new TreeShapes();
        eachObject(parser, findings, list, index -> {
            ResourceChange change = ResourceChange.read(parser, sink.wantsPaths(), values, masks);
            if (change.address == null || change.type == null) {
                findings.fail(list + "[" + index + "] has no address or type");
            } else if (!change.knownActions()) {
                // a word this version does not know may be a change: reading it as none would show in sync
                findings.fail(list + "[" + index + "] has an unknown action " + change.shownActions()
                        + " (this version reads no-op, create, read, update, delete, forget and their replace pairs)");
            } else {
                change.emit(sink, cause);
                if (cause == Cause.DRIFT && change.action().isPresent()) {
                    outputs.drifted(change.address);
                }
            }
        });
    }

    /** One resource-change object, read field by field; only the values needed for paths become trees. */
    static final class ResourceChange {
        String address;
        String type;
        final List<String> actions = new ArrayList<>();
        /** An actions list was present and held only strings. */
        boolean actionsWellFormed;
        boolean importing;
        // CompactTree values; before and after are read against each other, so equal subtrees are shared
        Object before;
        Object after;
        Object afterUnknown;
        Object beforeSensitive;
        Object afterSensitive;
        JsonNode replacePaths;

        static ResourceChange read(final JsonParser parser, final boolean wantsPaths, final TreeShapes values,
                final TreeShapes masks) throws IOException {
            ResourceChange rc = new ResourceChange();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                switch (name) {
                    case "address" -> rc.address = scalarText(parser);
                    case "type" -> rc.type = scalarText(parser);
                    case "change" -> rc.readChange(parser, wantsPaths, values, masks);
                    default -> parser.skipChildren();
                }
            }
            return rc;
        }

        private void readChange(final JsonParser parser, final boolean wantsPaths, final TreeShapes values,
                final TreeShapes masks) throws IOException {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                parser.skipChildren();
                return;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                switch (name) {
                    case "actions" -> readActions(parser);
                    case "importing" -> {
                        importing = parser.currentToken() == JsonToken.START_OBJECT;
                        parser.skipChildren();
                    }
                    // the masks and replace_paths are small and always needed (replace paths must be masked)
                    case "before_sensitive" -> beforeSensitive = CompactTree.readMask(parser, masks, 0);
                    case "after_sensitive" -> afterSensitive = CompactTree.readMask(parser, masks, 0);
                    case "replace_paths" -> replacePaths = Trees.read(parser);
                    case "before" -> before = wantsPaths ? readValue(parser, after, values) : skip(parser);
                    case "after" -> after = wantsPaths ? readValue(parser, before, values) : skip(parser);
                    case "after_unknown" -> afterUnknown = wantsPaths ? CompactTree.readMask(parser, masks, 0) : skip(parser);
                    default -> parser.skipChildren();
                }
            }
            if (parser instanceof ByteJsonParser bytes) {
                bytes.unpin();
            }
        }

        /**
         * before or after, read against the other: the byte parser keeps the bytes of both until the change is read, and
         * skips a part of the second whose bytes are those of the same part of the first.
         */
        private static Object readValue(final JsonParser parser, final Object other, final TreeShapes shapes)
                throws IOException {
            if (parser instanceof ByteJsonParser bytes) {
                bytes.pin();
            }
            return CompactTree.readAgainst(parser, other, shapes, 0);
        }

        private static Object skip(final JsonParser parser) throws IOException {
            parser.skipChildren();
            return null;
        }

        private void readActions(final JsonParser parser) throws IOException {
            if (parser.currentToken() != JsonToken.START_ARRAY) {
                parser.skipChildren();
                return;
            }
            actionsWellFormed = true;
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                String action = parser.currentToken() == JsonToken.VALUE_STRING ? parser.getText() : null;
                if (action == null) {
                    parser.skipChildren();
                    actionsWellFormed = false;
                } else {
                    actions.add(action);
                }
            }
        }

        /** The action lists the plan format defines (replace in both orders, with delete or forget). */
        private static final List<List<String>> KNOWN_ACTIONS = List.of(List.of("no-op"), List.of("create"), List.of("read"),
                List.of("update"), List.of("delete"), List.of("forget"), List.of("delete", "create"), List.of("create", "delete"),
                List.of("create", "forget"), List.of("forget", "create"));

        boolean knownActions() {
            return actionsWellFormed && KNOWN_ACTIONS.contains(actions);
        }

        /** The action list as a reason may show it: each word cut to safe characters. */
        String shownActions() {
            List<String> shown = new ArrayList<>();
            for (String action : actions.subList(0, Math.min(actions.size(), 4))) {
                shown.add(shown(action));
            }
            return "[" + String.join(", ", shown) + (actions.size() > 4 ? ", …" : "") + "]";
        }

        /** The action a row shows; empty for no-op (unless importing) and unknown action words. */
        Optional<Action> action() {
            boolean create = actions.contains("create");
            boolean delete = actions.contains("delete");
            boolean forget = actions.contains("forget");
            if (create && (delete || forget)) {
                return Optional.of(Action.REPLACE);
            }
            if (actions.size() != 1) {
                return Optional.empty();
            }
            return switch (actions.get(0)) {
                case "create" -> Optional.of(Action.CREATE);
                case "update" -> Optional.of(Action.UPDATE);
                case "delete" -> Optional.of(Action.DELETE);
                case "read" -> Optional.of(Action.READ);
                case "forget" -> Optional.of(Action.FORGET);
                case "no-op" -> importing ? Optional.of(Action.IMPORT) : Optional.empty();
                default -> Optional.empty();
            };
        }

        void emit(final PlanSink sink, final Cause cause) {
            if (replacePaths != null && replacePaths.isArray() && !replacePaths.isEmpty()) {
                sink.onReplacePaths(address, maskedReplacePaths());
            }
            Optional<Action> action = action();
            // a read of a data source is not a change (docs/concepts.md, row states: pending means an action other than no-op or read)
            if (action.isEmpty() || action.get() == Action.READ) {
                return;
            }
            List<String> paths = sink.wantsPaths() && (action.get() == Action.UPDATE || action.get() == Action.REPLACE)
                    ? ValueDiff.changedPaths(before, after, afterUnknown, beforeSensitive, afterSensitive)
                    : List.of();
            // the values only as their keyed digest, for an approval's pin; nothing of them is kept
            String values = sink.wantsPaths() ? ValueDigests.of(sink.valueKey(), before, after, afterUnknown) : "";
            sink.onChange(new Change(action.get(), type, address, paths, cause, values));
        }

        /** replace_paths rendered, each cut at the first sensitive step. */
        private List<String> maskedReplacePaths() {
            List<String> out = new ArrayList<>();
            for (JsonNode steps : replacePaths) {
                if (!steps.isArray()) {
                    continue;
                }
                StringBuilder path = new StringBuilder();
                Object bs = beforeSensitive;
                Object as = afterSensitive;
                for (JsonNode step : steps) {
                    if (CompactTree.isTrue(bs) || CompactTree.isTrue(as)) {
                        break;
                    }
                    if (step.isIntegralNumber() && step.canConvertToInt()) {
                        AttributePaths.appendIndex(path, step.intValue());
                        bs = CompactTree.child(bs, step.intValue());
                        as = CompactTree.child(as, step.intValue());
                    } else if (step.isTextual()) {
                        AttributePaths.appendKey(path, step.textValue());
                        bs = CompactTree.child(bs, step.textValue());
                        as = CompactTree.child(as, step.textValue());
                    } else {
                        break;
                    }
                }
                String rendered = path.toString();
                if (!rendered.isEmpty() && !out.contains(rendered)) {
                    out.add(rendered);
                }
            }
            return out;
        }
    }
}
