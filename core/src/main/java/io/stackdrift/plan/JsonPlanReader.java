package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/** Opens the file, runs one format's streaming parse, and turns every exception into a failed outcome. */
abstract class JsonPlanReader implements StreamingPlanReader {
    /** What the format parse found. Mutable only inside one read. */
    static final class Findings {
        String failureReason;
        String toolVersion = "";
        PriorState priorState = PriorState.HELD;

        void fail(final String reason) {
            if (failureReason == null) {
                failureReason = reason;
            }
        }
    }

    /** The format's name for messages and reports. */
    abstract String format();

    abstract void parse(Path file, JsonParser parser, PlanSink sink, Findings findings) throws IOException;

    @Override
    public final ReadOutcome read(final Path file, final PlanSink sink) {
        Findings findings = new Findings();
        try (JsonParser parser = PlanJson.open(file)) {
            parse(file, parser, sink, findings);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return new ReadOutcome(true, FailureReasons.ofException(e instanceof Exception ex ? ex : new IllegalStateException()),
                    findings.toolVersion, format());
        }
        return findings.failureReason == null
                ? new ReadOutcome(false, "", findings.toolVersion, format(), findings.priorState)
                : new ReadOutcome(true, findings.failureReason, findings.toolVersion, format());
    }

    /** The text of the current scalar token, or null (skipping a container) when it is not a scalar. */
    static String scalarText(final JsonParser parser) throws IOException {
        if (parser.currentToken() != null && parser.currentToken().isScalarValue()) {
            return parser.currentToken() == JsonToken.VALUE_NULL ? null : parser.getText();
        }
        parser.skipChildren();
        return null;
    }

    /** The major number of a version like {@code 1.2} or {@code 0.1.0}; -1 when it is not one. */
    static int majorVersion(final String version) {
        if (version == null) {
            return -1;
        }
        int dot = version.indexOf('.');
        String major = dot < 0 ? version : version.substring(0, dot);
        if (major.isEmpty() || major.length() > 6 || !major.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Integer.parseInt(major);
    }

    /** A version string cut to something safe to show in a reason. */
    static String shown(final String version) {
        String clean = FailureReasons.clean(version).replaceAll("[^0-9A-Za-z.+-]", "?");
        return clean.length() > 20 ? clean.substring(0, 20) + "…" : clean;
    }
}
