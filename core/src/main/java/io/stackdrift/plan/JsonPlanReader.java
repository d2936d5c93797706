package io.stackdrift.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.stackdrift.model.Change;
import io.stackdrift.model.ValueKey;

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

    /** Reads one object of a list, the parser at its start; {@code index} counts from 0. */
    @FunctionalInterface
    interface ElementReader {
        void read(int index) throws IOException;
    }

    /**
     * Each object of the list the parser is at: null is an empty list; anything but a list, or an element that is not
     * an object, is a failure named by the list's {@code name} (the element skipped, the rest still read).
     */
    static void eachObject(final JsonParser parser, final Findings findings, final String name, final ElementReader reader)
            throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_NULL) {
            return;
        }
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            findings.fail(name + " is not a list");
            return;
        }
        int index = 0;
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (parser.currentToken() == JsonToken.START_OBJECT) {
                reader.read(index);
            } else {
                parser.skipChildren();
                findings.fail(name + "[" + index + "] is not an object");
            }
            index++;
        }
    }

    /** The format's name for messages and reports. */
    abstract String format();

    abstract void parse(Path file, JsonParser parser, PlanSink sink, Findings findings) throws IOException;

    /**
     * The parser of a read: Jackson's ({@link PlanJson}); a format may give its own, which throws
     * {@link ByteJsonUnsupported} where Jackson must decide.
     */
    JsonParser open(final Path file) throws IOException {
        return PlanJson.open(file);
    }

    @Override
    public final ReadOutcome read(final Path file, final PlanSink sink) {
        Passed passed = new Passed(sink);
        try {
            return read(file, passed, this::open);
        } catch (ByteJsonUnsupported e) {
            // again with Jackson, which decides the outcome and its reason; what reached the sink is not passed twice
            passed.skip = passed.count;
            passed.count = 0;
            return read(file, passed, PlanJson::open);
        }
    }

    /** Opens a plan file. */
    interface Opener {
        JsonParser open(Path file) throws IOException;
    }

    /** One read with the parser {@code opener} gives (tests read with Jackson's alone: {@code PlanJson::open}). */
    final ReadOutcome read(final Path file, final PlanSink sink, final Opener opener) {
        Findings findings = new Findings();
        try (JsonParser parser = opener.open(file)) {
            parse(file, parser, sink, findings);
        } catch (ByteJsonUnsupported e) {
            throw e;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return new ReadOutcome(true, FailureReasons.ofException(e instanceof Exception ex ? ex : new IllegalStateException()),
                    findings.toolVersion, format());
        }
        return findings.failureReason == null
                ? new ReadOutcome(false, "", findings.toolVersion, format(), findings.priorState)
                : new ReadOutcome(true, findings.failureReason, findings.toolVersion, format());
    }

    /**
     * The sink of a read, counting what it passes on; a second read of the same file (with Jackson, after
     * {@link ByteJsonUnsupported}) sends the same calls first, which are not passed again.
     */
    private static final class Passed implements PlanSink {
        private final PlanSink sink;
        int count;
        int skip;

        Passed(final PlanSink sink) {
            this.sink = sink;
        }

        private boolean pass() {
            return count++ >= skip;
        }

        @Override
        public void onChange(final Change change) {
            if (pass()) {
                sink.onChange(change);
            }
        }

        @Override
        public void onReplacePaths(final String address, final List<String> paths) {
            if (pass()) {
                sink.onReplacePaths(address, paths);
            }
        }

        @Override
        public void onStackReference(final String name) {
            if (pass()) {
                sink.onStackReference(name);
            }
        }

        @Override
        public boolean wantsPaths() {
            return sink.wantsPaths();
        }

        @Override
        public ValueKey valueKey() {
            return sink.valueKey();
        }
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
