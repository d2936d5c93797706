package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Picks the reader from a file's content, so {@code stackdrift report} takes any plan or preview file. Only
 * the first key of the first object is looked at:
 * {@code @level}/{@code type} → Terraform/OpenTofu UI stream (lines or array); {@code sequence}/{@code timestamp}
 * or an event payload → Pulumi engine events; a digest key ({@code steps}, {@code config}, ...) → Pulumi
 * preview digest; anything else → Terraform/OpenTofu plan (which then insists on a {@code format_version}).
 */
public final class PlanReaders {
    private static final Set<String> DIGEST_KEYS = Set.of("config", "steps", "diagnostics", "duration", "changeSummary", "maybeCorrupt");
    private static final Set<String> EVENT_KEYS = Set.of("sequence", "timestamp");

    private PlanReaders() {
    }

    /** A reader that sniffs each file it reads. */
    public static StreamingPlanReader sniffing() {
        return (file, sink) -> forFile(file).read(file, sink);
    }

    /** The reader for this file's format; when the file cannot be sniffed, one that reports why. */
    public static StreamingPlanReader forFile(final Path file) {
        String reason;
        if (Files.isDirectory(file)) {
            String failure = "this is a directory, not a plan or preview file: name the JSON files in it";
            return (f, sink) -> ReadOutcome.failure(failure, "unknown");
        }
        try (JsonParser parser = PlanJson.open(file)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                reason = "the file is empty";
            } else if (first == JsonToken.START_ARRAY) {
                JsonToken element = parser.nextToken();
                if (element == JsonToken.END_ARRAY || element == JsonToken.START_OBJECT
                        && isStreamKey(parser.nextToken() == JsonToken.FIELD_NAME ? parser.currentName() : "")) {
                    return new TerraformStreamReader();
                }
                reason = "not a plan or preview: a JSON array, but not of Terraform/OpenTofu UI messages";
            } else if (first == JsonToken.START_OBJECT) {
                String key = parser.nextToken() == JsonToken.FIELD_NAME ? parser.currentName() : "";
                if (isStreamKey(key)) {
                    return new TerraformStreamReader();
                }
                if ("timestamp".equals(key) && isTerraformPlan(parser)) {
                    // a Terraform plan has a timestamp too (1.5 and later), and its keys may come in any order
                    return new TerraformPlanReader();
                }
                if (EVENT_KEYS.contains(key) || key.endsWith("Event")) {
                    return new PulumiEventsReader();
                }
                if (DIGEST_KEYS.contains(key)) {
                    return new PulumiDigestReader(PulumiDigestReader.Kind.DETECT);
                }
                return new TerraformPlanReader();
            } else {
                reason = "not a plan or preview: the file does not start with a JSON object or array";
            }
        } catch (IOException | RuntimeException e) {
            reason = FailureReasons.ofException(e);
        }
        String failure = reason;
        return (f, sink) -> ReadOutcome.failure(failure, "unknown");
    }

    /** The rest of the first object's keys, at its top level: does it have the plan's format_version? */
    private static boolean isTerraformPlan(final JsonParser parser) throws IOException {
        parser.nextToken();
        parser.skipChildren();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            if ("format_version".equals(parser.currentName())) {
                return true;
            }
            parser.nextToken();
            parser.skipChildren();
        }
        return false;
    }

    private static boolean isStreamKey(final String key) {
        return key.startsWith("@") || "type".equals(key);
    }
}
