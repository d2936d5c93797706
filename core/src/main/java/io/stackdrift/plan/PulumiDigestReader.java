package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;

/**
 * Reads the Pulumi preview digest ({@code pulumi preview --json}, {@code pulumi refresh --preview-only --json}),
 * one step at a time.
 * <ul>
 * <li>Preview: create / update / delete / replace / import steps are pending code changes; {@code same},
 *     {@code refresh}, reads and replacement halves are not changes. In {@code preview --refresh} drift the
 *     program would revert shows as such update/replace steps (reference B3), so it counts as pending.</li>
 * <li>Refresh preview: every step is {@code refresh} except those the engine rewrote to the refresh's
 *     result: {@code update} (changed outside Pulumi) and {@code delete} (gone); these are drift.</li>
 * <li>Paths: {@code detailedDiff} keys, else {@code diffReasons} and {@code replaceReasons}.</li>
 * <li>The first diagnostic of severity {@code error} fails the read with its message.</li>
 * <li>A {@code read} of {@code pulumi:pulumi:StackReference} gives a stack reference, not a change.</li>
 * <li>An empty state ({@link PriorState#EMPTY}): a refresh preview without any step (a refresh lists every resource of
 *     the state, the root {@code pulumi:pulumi:Stack} always), or a preview that creates the root stack resource.</li>
 * </ul>
 * Which kind a digest is: given by the adapter (it knows the command), or, for {@link Kind#DETECT},
 * decided by a first pass over the ops only: a refresh preview has {@code refresh} steps and nothing but
 * {@code refresh}, {@code update} and {@code delete} (a normal preview always shows the root stack step).
 * With {@code PULUMI_ENABLE_LEGACY_REFRESH_DIFF} the engine leaves drifted resources as plain refresh steps and
 * only {@code changeSummary} counts them: such a refresh digest fails with a reason saying so, rather than
 * reading as in sync.
 */
public final class PulumiDigestReader extends JsonPlanReader {
    static final String FORMAT = "pulumi preview";
    private static final Set<String> REFRESH_OPS = Set.of("refresh", "update", "delete");

    /** What command produced the digest. */
    public enum Kind { PREVIEW, REFRESH, DETECT }

    private final Kind kind;

    public PulumiDigestReader(final Kind kind) {
        this.kind = kind;
    }

    @Override
    String format() {
        return FORMAT;
    }

    @Override
    void parse(final Path file, final JsonParser parser, final PlanSink sink, final Findings findings) throws IOException {
        boolean refresh = switch (kind) {
            case PREVIEW -> false;
            case REFRESH -> true;
            case DETECT -> isRefreshPreview(file);
        };
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            findings.fail("not a Pulumi preview: the file is not a JSON object");
            return;
        }
        long[] driftUpdates = {0};
        long[] steps = {0};
        boolean[] rootCreated = {false};
        long summaryUpdates = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            switch (name) {
                case "steps" -> eachNode(parser, findings, name, step -> {
                    String urn = step.path("urn").asText("");
                    if (!urn.isEmpty()) {
                        steps[0]++;
                        rootCreated[0] |= PulumiSteps.ROOT_STACK.equals(PulumiSteps.type(null, urn))
                                && "create".equals(step.path("op").asText(""));
                    }
                    if (step(step, refresh, sink, findings)) {
                        driftUpdates[0]++;
                    }
                });
                case "changeSummary" -> {
                    JsonNode summary = Trees.read(parser);
                    summaryUpdates = summary == null ? 0 : summary.path("update").asLong(0);
                }
                case "diagnostics" -> eachNode(parser, findings, name, diagnostic -> {
                    if ("error".equals(diagnostic.path("severity").asText())) {
                        findings.fail(FailureReasons.pulumiDiagnostic(diagnostic.path("urn").asText("")));
                    }
                });
                default -> parser.skipChildren();
            }
        }
        if (parser.nextToken() != null) {
            findings.fail("unexpected content after the preview's JSON object");
        }
        // a refresh lists every resource of the state (the root stack always): none means an empty state; a preview of a
        // stack whose root stack resource it creates starts from one too
        if (refresh ? steps[0] == 0 : rootCreated[0]) {
            findings.priorState = PriorState.EMPTY;
        }
        // with the legacy refresh diff the engine leaves drifted resources as plain refresh steps: only the
        // summary counts them, and a row that names none would wrongly read as in sync
        if (refresh && summaryUpdates > driftUpdates[0]) {
            findings.fail("the refresh preview counts " + summaryUpdates + " changed resource(s) but names "
                    + driftUpdates[0] + "; unset PULUMI_ENABLE_LEGACY_REFRESH_DIFF so that Pulumi names them");
        }
    }

    private interface NodeHandler {
        void handle(JsonNode node);
    }

    private static void eachNode(final JsonParser parser, final Findings findings, final String list,
            final NodeHandler handler) throws IOException {
        JsonPlanReader.eachObject(parser, findings, list, index -> handler.handle(Trees.read(parser)));
    }

    /** Emits the step's change; true when it is a drift update (to check against the summary). */
    private static boolean step(final JsonNode step, final boolean refresh, final PlanSink sink, final Findings findings) {
        String op = step.path("op").asText("");
        String urn = step.path("urn").asText("");
        if (urn.isEmpty()) {
            return false;
        }
        if (!PulumiSteps.known(op)) {
            // an op this version does not know may be a change: reading it as none would show in sync
            findings.fail("a step has an unknown op " + shown(op));
            return false;
        }
        JsonNode state = step.has("newState") && step.get("newState").isObject() ? step.get("newState") : step.get("oldState");
        String type = PulumiSteps.type(state == null ? null : state.get("type"), urn);
        if ("read".equals(op)) {
            PulumiSteps.stackReference(type, step.get("newState")).ifPresent(sink::onStackReference);
            return false;
        }
        Optional<Action> action = PulumiSteps.action(op);
        if (action.isEmpty()) {
            return false;
        }
        boolean drift = refresh && (action.get() == Action.UPDATE || action.get() == Action.DELETE);
        sink.onChange(new Change(action.get(), type, PulumiSteps.name(urn),
                PulumiSteps.paths(step.get("detailedDiff"), step.get("diffReasons"), step.get("replaceReasons"),
                        states(step.get("oldState"), step.get("newState"))),
                drift ? Cause.DRIFT : Cause.CODE));
        return drift && action.get() == Action.UPDATE;
    }

    private static List<JsonNode> states(final JsonNode... states) {
        List<JsonNode> present = new ArrayList<>();
        for (JsonNode state : states) {
            if (state != null) {
                present.add(state);
            }
        }
        return present;
    }

    /** First pass over the ops only (everything else skipped unparsed into trees). */
    private static boolean isRefreshPreview(final Path file) throws IOException {
        boolean sawRefresh = false;
        try (JsonParser parser = PlanJson.open(file)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!"steps".equals(name) || value != JsonToken.START_ARRAY) {
                    parser.skipChildren();
                    continue;
                }
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String field = parser.currentName();
                        parser.nextToken();
                        if ("op".equals(field)) {
                            String op = scalarText(parser);
                            if (op == null || !REFRESH_OPS.contains(op)) {
                                return false;
                            }
                            sawRefresh |= "refresh".equals(op);
                        } else {
                            parser.skipChildren();
                        }
                    }
                }
            }
        }
        return sawRefresh;
    }
}
