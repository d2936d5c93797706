package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
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
 * Reads Pulumi engine events (JSON Lines: {@code --json} on up/refresh/destroy, streaming preview,
 * {@code --event-log}), one event at a time.
 * <ul>
 * <li>{@code resourcePreEvent}: create / update / delete / replace / import are pending code changes;
 *     {@code same}, reads and replacement halves are not. A {@code read} of a StackReference gives a stack
 *     reference.</li>
 * <li>{@code resourcePreEvent} with op {@code refresh}, answered by a {@code resOutputsEvent} whose op is
 *     the refresh's result: {@code update} or {@code delete} is drift, {@code same} is none. Only refreshes
 *     in flight are remembered, so memory stays flat.</li>
 * <li>the first {@code diagnosticEvent} of severity error is the failure reason (markup stripped);
 *     a {@code summaryEvent} with result {@code failed} fails the read too;</li>
 * <li>a read succeeds only when the stream ends as the engine ends it, with a {@code summaryEvent} or the
 *     closing {@code cancelEvent}, and no refresh is left unanswered: anything else is a cut stream.</li>
 * </ul>
 */
public final class PulumiEventsReader extends JsonPlanReader {
    static final String FORMAT = "pulumi events";

    @Override
    String format() {
        return FORMAT;
    }

    @Override
    void parse(final Path file, final JsonParser parser, final PlanSink sink, final Findings findings) throws IOException {
        Set<String> refreshing = new HashSet<>();
        JsonToken token = parser.nextToken();
        if (token == null) {
            findings.fail("the file is empty");
            return;
        }
        boolean ended = false;
        for (; token != null; token = parser.nextToken()) {
            if (token != JsonToken.START_OBJECT) {
                parser.skipChildren();
                findings.fail("an event is not a JSON object" + FailureReasons.at(parser.currentLocation()));
                continue;
            }
            JsonNode event = Trees.read(parser);
            if (event.has("resourcePreEvent")) {
                pre(event.get("resourcePreEvent").path("metadata"), refreshing, sink, findings);
            } else if (event.has("resOutputsEvent")) {
                outputs(event.get("resOutputsEvent").path("metadata"), refreshing, sink, findings);
            } else if (event.has("diagnosticEvent")) {
                JsonNode diagnostic = event.get("diagnosticEvent");
                if ("error".equals(diagnostic.path("severity").asText())) {
                    findings.fail(FailureReasons.pulumiDiagnostic(diagnostic.path("urn").asText("")));
                }
            } else if (event.has("summaryEvent")) {
                ended = true;
                if ("failed".equals(event.get("summaryEvent").path("result").asText())) {
                    findings.fail("the Pulumi operation failed (its summary says so; no error diagnostic was printed)");
                }
            } else if (event.has("cancelEvent")) {
                ended = true;
            }
        }
        if (!ended) {
            findings.fail("the event stream ends before its summary (truncated?)");
        } else if (!refreshing.isEmpty()) {
            findings.fail("the event stream ends with " + refreshing.size() + " refresh(es) unanswered (truncated?)");
        }
    }

    private static void pre(final JsonNode metadata, final Set<String> refreshing, final PlanSink sink, final Findings findings) {
        String op = metadata.path("op").asText("");
        String urn = metadata.path("urn").asText("");
        if (urn.isEmpty()) {
            return;
        }
        if (!PulumiSteps.known(op)) {
            // an op this version does not know may be a change: reading it as none would show in sync
            findings.fail("a resource event has an unknown op " + shown(op));
            return;
        }
        String type = PulumiSteps.type(metadata.get("type"), urn);
        switch (op) {
            case "refresh" -> refreshing.add(urn);
            case "read" -> PulumiSteps.stackReference(type, metadata.get("new")).ifPresent(sink::onStackReference);
            default -> PulumiSteps.action(op).ifPresent(action -> sink.onChange(change(action, type, urn, metadata, Cause.CODE)));
        }
    }

    private static void outputs(final JsonNode metadata, final Set<String> refreshing, final PlanSink sink, final Findings findings) {
        String urn = metadata.path("urn").asText("");
        if (!refreshing.remove(urn)) {
            return;
        }
        if (!PulumiSteps.known(metadata.path("op").asText(""))) {
            findings.fail("a refresh's outputs event has an unknown op " + shown(metadata.path("op").asText("")));
            return;
        }
        Optional<Action> action = PulumiSteps.action(metadata.path("op").asText(""));
        if (action.isPresent() && (action.get() == Action.UPDATE || action.get() == Action.DELETE)) {
            sink.onChange(change(action.get(), PulumiSteps.type(metadata.get("type"), urn), urn, metadata, Cause.DRIFT));
        }
    }

    private static Change change(final Action action, final String type, final String urn, final JsonNode metadata, final Cause cause) {
        List<JsonNode> states = new ArrayList<>();
        for (String side : List.of("old", "new")) {
            if (metadata.get(side) != null) {
                states.add(metadata.get(side));
            }
        }
        List<String> paths = PulumiSteps.paths(metadata.get("detailedDiff"), metadata.get("diffs"), metadata.get("keys"), states);
        return new Change(action, type, PulumiSteps.name(urn), paths, cause);
    }
}
