package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Path;
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
 * Reads the machine-readable UI stream of Terraform and OpenTofu ({@code plan -json}): JSON Lines, or one
 * JSON array of the same messages (the equivalence-test form). Each message is small and read as a tree.
 * The stream names no attributes, so its changes carry no paths; take them from {@code show -json}.
 * <ul>
 * <li>{@code planned_change}: create, update, delete, replace, import, remove (forget); {@code read},
 *     {@code noop}, {@code move} and ephemeral open/renew/close are not changes;</li>
 * <li>{@code resource_drift}: update and delete (move and noop are not drift);</li>
 * <li>{@code outputs} of a plan (each output with its {@code action}): create, update and delete are changes of
 *     type {@code output} named by the output, never its value, as a plan's {@code output_changes} are read (the stream
 *     does not say whether it is a refresh-only plan, so, as for a plan file read on its own, they are code changes);
 *     the {@code outputs} of an apply carry values and no action and are never read;</li>
 * <li>the first {@code diagnostic} of severity error is the failure reason;</li>
 * <li>{@code version} gives the tool version; a UI major version other than 0 or 1 fails the read;</li>
 * <li>a read succeeds only when a {@code change_summary} of operation {@code plan} arrives: a stream that ends
 *     before it is truncated (or a failed plan), and an apply or destroy log is not a plan.</li>
 * </ul>
 */
public final class TerraformStreamReader extends JsonPlanReader {
    static final String FORMAT = "terraform stream";

    @Override
    String format() {
        return FORMAT;
    }

    @Override
    void parse(final Path file, final JsonParser parser, final PlanSink sink, final Findings findings) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null) {
            findings.fail("the file is empty");
            return;
        }
        boolean array = first == JsonToken.START_ARRAY;
        JsonToken token = array ? parser.nextToken() : first;
        String operation = null;
        while (token != null && !(array && token == JsonToken.END_ARRAY)) {
            if (token != JsonToken.START_OBJECT) {
                parser.skipChildren();
                findings.fail("a message is not a JSON object" + FailureReasons.at(parser.currentLocation()));
            } else {
                JsonNode message = Trees.read(parser);
                if ("change_summary".equals(message.path("type").asText())) {
                    // the last one decides: apply -json without a plan file prints the plan's summary, then the apply's
                    operation = message.path("changes").path("operation").asText("");
                }
                message(message, sink, findings);
            }
            token = parser.nextToken();
        }
        if (array && parser.nextToken() != null) {
            findings.fail("unexpected content after the JSON array");
        }
        ended(operation, findings);
    }

    /** Only a plan's own change summary says the stream is whole: a failed plan has none, nor a cut file. */
    private static void ended(final String operation, final Findings findings) {
        if (operation == null) {
            findings.fail("the stream ends before its change summary (truncated?)");
        } else if ("apply".equals(operation)) {
            findings.fail("an apply log (apply -json), not a plan");
        } else if ("destroy".equals(operation)) {
            findings.fail("a destroy log (destroy -json), not a plan");
        } else if (!"plan".equals(operation)) {
            findings.fail("the change summary is of an unknown operation " + shown(operation) + ", not a plan");
        }
    }

    private static void message(final JsonNode message, final PlanSink sink, final Findings findings) {
        switch (message.path("type").asText("")) {
            case "version" -> version(message, findings);
            case "planned_change" -> change(message.path("change"), Cause.CODE, sink, findings);
            case "resource_drift" -> change(message.path("change"), Cause.DRIFT, sink, findings);
            case "diagnostic" -> {
                JsonNode diagnostic = message.path("diagnostic");
                if ("error".equals(diagnostic.path("severity").asText())) {
                    findings.fail(FailureReasons.diagnostic(diagnostic.path("summary").asText("")));
                }
            }
            case "outputs" -> outputs(message.path("outputs"), sink, findings);
            default -> {
                // hooks, change_summary, logs: nothing a row shows
            }
        }
    }

    /** A plan's outputs message names each output with an action; an apply's carries values instead and is skipped. */
    private static void outputs(final JsonNode outputs, final PlanSink sink, final Findings findings) {
        outputs.properties().forEach(output -> {
            JsonNode word = output.getValue().get("action");
            if (word == null) {
                return;
            }
            if (!word.isTextual() || !KNOWN_OUTPUT_ACTIONS.contains(word.asText())) {
                findings.fail("an outputs message has an unknown action " + (word.isTextual() ? shown(word.asText()) : "(none)"));
                return;
            }
            action(word.asText(), Cause.CODE).ifPresent(a -> sink.onChange(Change.ofOutput(a, output.getKey(), Cause.CODE)));
        });
    }

    /** The action words of a plan's outputs message (Terraform's and OpenTofu's {@code views/json} change actions). */
    static final Set<String> KNOWN_OUTPUT_ACTIONS = Set.of("noop", "create", "update", "delete");

    private static void version(final JsonNode message, final Findings findings) {
        JsonNode tool = message.has("tofu") ? message.get("tofu") : message.get("terraform");
        if (tool != null && tool.isTextual()) {
            findings.toolVersion = shown(tool.asText());
        }
        JsonNode ui = message.get("ui");
        if (ui != null && ui.isTextual()) {
            int major = majorVersion(ui.asText());
            if (major != 0 && major != 1) {
                findings.fail("unknown UI stream version " + shown(ui.asText()) + " (this version reads 0.x and 1.x)");
            }
        }
    }

    /** Every action word the UI stream defines; only some of them are changes. */
    static final Set<String> KNOWN_ACTIONS = Set.of("noop", "create", "read", "update", "replace", "delete", "move", "import",
            "remove", "open", "renew", "close");

    private static void change(final JsonNode change, final Cause cause, final PlanSink sink, final Findings findings) {
        JsonNode resource = change.path("resource");
        String address = resource.path("addr").asText("");
        String type = resource.path("resource_type").asText("");
        if (address.isEmpty()) {
            return;
        }
        JsonNode word = change.get("action");
        if (word == null || !word.isTextual() || !KNOWN_ACTIONS.contains(word.asText())) {
            // a word this version does not know may be a change: reading it as none would show in sync
            findings.fail((cause == Cause.DRIFT ? "a resource_drift" : "a planned_change") + " message has an unknown action "
                    + (word != null && word.isTextual() ? shown(word.asText()) : "(none)"));
            return;
        }
        Optional<Action> action = action(word.asText(), cause);
        action.ifPresent(a -> sink.onChange(new Change(a, type, address, List.of(), cause)));
    }

    static Optional<Action> action(final String word, final Cause cause) {
        if (cause == Cause.DRIFT) {
            return switch (word) {
                case "update" -> Optional.of(Action.UPDATE);
                case "delete" -> Optional.of(Action.DELETE);
                default -> Optional.empty();
            };
        }
        return switch (word) {
            case "create" -> Optional.of(Action.CREATE);
            case "update" -> Optional.of(Action.UPDATE);
            case "delete" -> Optional.of(Action.DELETE);
            case "replace" -> Optional.of(Action.REPLACE);
            case "import" -> Optional.of(Action.IMPORT);
            case "remove" -> Optional.of(Action.FORGET);
            default -> Optional.empty();
        };
    }
}
