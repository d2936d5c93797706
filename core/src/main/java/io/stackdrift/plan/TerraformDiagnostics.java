package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The first error diagnostic of a Terraform/OpenTofu {@code -json} stream ({@code plan -json}, {@code apply -json}):
 * the reason of a failed step. Only the diagnostic's {@code summary} is used, its quoted parts masked
 * ({@link FailureReasons#maskQuoted}), followed by where it is: {@code range} as {@code file:line}, else the
 * {@code address}. Never {@code detail} or {@code snippet}: they explain with the values the tool was given.
 * A line that is not JSON ends the read (what was found before it stands); nothing of it is shown.
 */
public final class TerraformDiagnostics {
    /** Terraform's summary when a {@code terraform_remote_state} reads a state nobody wrote yet. */
    static final String REMOTE_STATE_MISSING = "Unable to find remote state";
    /** The hint for {@link #REMOTE_STATE_MISSING}: the stack that writes that state has not been deployed first. */
    public static final String REMOTE_STATE_HINT = "deploy the stack that writes this state first, or declare it under this "
            + "stack's dependsOn in stacks.yaml so that it always is (dependsOn: auto reads it from a literal backend configuration)";

    private TerraformDiagnostics() {
    }

    /** The first error diagnostic of the stream in {@code file} as one line; empty when it has none. */
    public static Optional<String> firstError(final Path file) {
        try (JsonParser parser = PlanJson.open(file)) {
            JsonToken token = parser.nextToken();
            while (token != null) {
                if (token == JsonToken.START_OBJECT) {
                    Optional<String> error = error(Trees.read(parser));
                    if (error.isPresent()) {
                        return error;
                    }
                } else {
                    parser.skipChildren();
                }
                token = parser.nextToken();
            }
        } catch (IOException | RuntimeException e) {
            // not a stream (a text line, cut output): no diagnostic from it
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The reason a message gives when it is an error diagnostic. */
    static Optional<String> error(final JsonNode message) {
        if (message == null || !"diagnostic".equals(message.path("type").asText())) {
            return Optional.empty();
        }
        JsonNode diagnostic = message.path("diagnostic");
        if (!"error".equals(diagnostic.path("severity").asText())) {
            return Optional.empty();
        }
        String summary = FailureReasons.diagnostic(diagnostic.path("summary").asText(""));
        return Optional.of(FailureReasons.truncate(summary + where(diagnostic)) + hint(diagnostic));
    }

    /** What to do about a diagnostic a stack gets when it runs before another it reads; empty for any other. */
    private static String hint(final JsonNode diagnostic) {
        boolean remoteState = REMOTE_STATE_MISSING.equals(diagnostic.path("summary").asText(""))
                || diagnostic.path("address").asText("").startsWith("data.terraform_remote_state.")
                        && diagnostic.path("summary").asText("").contains("remote state");
        return remoteState ? "; " + REMOTE_STATE_HINT : "";
    }


    /** {@code " (main.tf:3)"}, else {@code " (aws_instance.web)"}, else nothing. */
    private static String where(final JsonNode diagnostic) {
        JsonNode range = diagnostic.path("range");
        String filename = shownPlace(range.path("filename").asText(""));
        if (!filename.isEmpty()) {
            JsonNode line = range.path("start").path("line");
            return " (" + filename + (line.canConvertToInt() && line.intValue() > 0 ? ":" + line.intValue() : "") + ")";
        }
        String address = shownPlace(diagnostic.path("address").asText(""));
        return address.isEmpty() ? "" : " (" + address + ")";
    }

    /** A file name or address on one line, its quoted parts (a for_each key) masked, cut short. */
    private static String shownPlace(final String text) {
        String line = FailureReasons.maskQuoted(FailureReasons.firstLine(FailureReasons.clean(text)));
        return line.length() > 100 ? line.substring(0, 99) + "\u2026" : line;
    }
}
