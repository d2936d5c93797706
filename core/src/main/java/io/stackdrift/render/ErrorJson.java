package io.stackdrift.render;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.stackdrift.model.Problem;

/**
 * The one JSON document a command given {@code --json} prints when it ends in an error before it has a result of its
 * own (docs/cli.md, "Errors in --json mode"): a usage error, a path that cannot be used, an I/O error, {@code graph}'s
 * bad configuration. {@code {"error": {"message", "hint", "option", "file", "line", "column"}, "exitCode", "problems",
 * "warnings"}}: every key always there, an unknown one empty or 0.
 */
public final class ErrorJson {
    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private ErrorJson() {
    }

    /**
     * What went wrong.
     *
     * @param message what is wrong, one line
     * @param hint    what to do about it; may be empty
     * @param option  the option it is about ({@code --record}); empty when none
     * @param file    the file or directory it is about; empty when none
     * @param line    1-based line in {@code file}; 0 when none
     * @param column  1-based column; 0 when none
     */
    public record Failure(String message, String hint, String option, String file, int line, int column) {
        public Failure {
            Objects.requireNonNull(message, "message");
            hint = hint == null ? "" : hint;
            option = option == null ? "" : option;
            file = file == null ? "" : file;
        }

        /** A configuration problem as the error: its place, message and hint. */
        public static Failure of(final Problem problem) {
            return new Failure(problem.message(), problem.hint(), "", problem.file(), problem.line(), problem.column());
        }
    }

    /** The document, with a line end. */
    public static String json(final Failure failure, final int exitCode, final List<Problem> problems, final List<Problem> warnings) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeObjectFieldStart("error");
            json.writeStringField("message", failure.message());
            json.writeStringField("hint", failure.hint());
            json.writeStringField("option", failure.option());
            json.writeStringField("file", failure.file());
            json.writeNumberField("line", failure.line());
            json.writeNumberField("column", failure.column());
            json.writeEndObject();
            json.writeNumberField("exitCode", exitCode);
            RunJsonWriter.writeProblems(json, "problems", problems);
            RunJsonWriter.writeProblems(json, "warnings", warnings);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("a string writer failed", e);
        }
        return out.append(System.lineSeparator()).toString();
    }
}
