package io.stackdrift.config;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.reader.ReaderException;

import io.stackdrift.config.YamlNode.Entry;
import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlList;
import io.stackdrift.config.YamlNode.YamlMap;
import io.stackdrift.model.Problem;

/**
 * Reads one YAML document into a {@link YamlNode} tree with positions, turning every way YAML can be
 * bad (syntax, tabs, duplicate keys, aliases, several documents, junk, too deep, too big) into a
 * {@link Problem} instead of an exception.
 *
 * <p>Duplicate keys are detected here rather than with Jackson's STRICT_DUPLICATE_DETECTION, which
 * throws at the first one; this way every duplicate in the file is reported in one run.
 */
final class YamlReader {
    /** A stacks.yaml of a thousand stacks is well under this; anything bigger is not a config file. */
    static final int MAX_CHARS = 1_000_000;
    private static final int MAX_DEPTH = 50;

    private static final YAMLFactory FACTORY = YAMLFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private final String file;
    private final List<Problem> problems = new ArrayList<>();

    private YamlReader(final String file) {
        this.file = file;
    }

    /**
     * The document's root (without duplicate keys; aliases and tagged values unreadable), or empty when
     * the text is not one YAML document; the reasons go to {@code problems}.
     */
    static Optional<YamlNode> read(final String file, final String text, final List<Problem> problems) {
        YamlReader reader = new YamlReader(file);
        Optional<YamlNode> root = reader.readDocument(text);
        problems.addAll(reader.problems);
        return root;
    }

    static String tooBigMessage(final long size) {
        return "the file is " + size + " characters long; a stacks.yaml may be at most " + MAX_CHARS;
    }

    private Optional<YamlNode> readDocument(final String text) {
        if (text.length() > MAX_CHARS) {
            problems.add(new Problem(file, 0, 0, tooBigMessage(text.length()),
                    "is this the right file? Split very large setups into several repositories or use globs (dir: envs/*)"));
            return Optional.empty();
        }
        JsonParser parser = null;
        try {
            parser = FACTORY.createParser(text);
            JsonToken first = parser.nextToken();
            if (first == null) {
                problems.add(new Problem(file, 1, 1, "the file is empty",
                        "write at least the defaults, e.g.\ndrift:\n  mode: report\n  every: 24h"));
                return Optional.empty();
            }
            YamlNode root = node(parser, first);
            JsonToken next = parser.nextToken();
            if (next != null) {
                problems.add(locationOf(parser.currentTokenLocation()).problem(file,
                        "a second YAML document starts here; stacks.yaml holds exactly one",
                        "remove the `---` line and merge the settings into one mapping"));
            }
            // duplicate keys and aliases are reported, and the rest of the tree is still checked
            return Optional.of(root);
        } catch (StreamConstraintsException e) {
            problems.add(locationOf(parser == null ? e.getLocation() : parser.currentLocation()).problem(file,
                    "the YAML is nested more than " + MAX_DEPTH + " levels deep", "stacks.yaml needs at most five levels"));
        } catch (JacksonException e) {
            problems.add(syntaxProblem(e, text));
        } catch (IOException | RuntimeException e) {
            // snakeyaml signals some reader errors (e.g. bad encodings) as plain runtime exceptions
            problems.add(new Problem(file, 0, 0, "the file is not readable YAML: " + oneLine(e.getMessage()),
                    "check that it is a UTF-8 text file"));
        } finally {
            close(parser);
        }
        return Optional.empty();
    }

    private static void close(final JsonParser parser) {
        if (parser != null) {
            try {
                parser.close();
            } catch (IOException e) {
                // reading a String: nothing to release
            }
        }
    }

    private YamlNode node(final JsonParser parser, final JsonToken token) throws IOException {
        Location at = locationOf(parser.currentTokenLocation());
        if (token == JsonToken.START_OBJECT) {
            return map(parser, at);
        }
        if (token == JsonToken.START_ARRAY) {
            List<YamlNode> items = new ArrayList<>();
            for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                items.add(node(parser, t));
            }
            return new YamlList(items, at);
        }
        return scalar(parser, token, at);
    }

    private YamlMap map(final JsonParser parser, final Location at) throws IOException {
        List<Entry> entries = new ArrayList<>();
        Map<String, Location> seen = new HashMap<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
            String key = parser.currentName();
            Location keyAt = locationOf(parser.currentTokenLocation());
            YamlNode value = node(parser, parser.nextToken());
            Location first = seen.putIfAbsent(key, keyAt);
            if (first != null) {
                problems.add(keyAt.problem(file, "duplicate key `" + key + "` (first at line " + first.line() + ")",
                        "write each key once; YAML keeps only one of them"));
            } else {
                entries.add(new Entry(key, keyAt, value));
            }
        }
        return new YamlMap(entries, at);
    }

    private Scalar scalar(final JsonParser parser, final JsonToken token, final Location at) throws IOException {
        if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            problems.add(at.problem(file, "aliases (*" + parser.getText() + ") are not supported in stacks.yaml",
                    "write the value out in full; a glob entry (dir: envs/*) shares settings between stacks"));
            return new Scalar("", Scalar.Kind.UNREADABLE, at);
        }
        if (token == JsonToken.VALUE_EMBEDDED_OBJECT) {
            problems.add(at.problem(file, "tagged values such as !!binary are not supported in stacks.yaml",
                    "write plain text, e.g. dir: network"));
            return new Scalar("", Scalar.Kind.UNREADABLE, at);
        }
        String text = parser.getText();
        Scalar.Kind kind = switch (token) {
            case VALUE_TRUE, VALUE_FALSE -> Scalar.Kind.BOOLEAN;
            case VALUE_NUMBER_INT -> Scalar.Kind.INTEGER;
            case VALUE_NUMBER_FLOAT -> Scalar.Kind.DECIMAL;
            case VALUE_NULL -> Scalar.Kind.NULL;
            case VALUE_STRING -> text.isEmpty() ? Scalar.Kind.NULL : Scalar.Kind.STRING;
            default -> Scalar.Kind.UNREADABLE; // no other token reaches here
        };
        return new Scalar(text == null ? "" : text, kind, at);
    }

    private Problem syntaxProblem(final JacksonException e, final String text) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ReaderException junk) {
                return locationOfCodePoint(text, junk.getPosition()).problem(file,
                        "the file contains a character YAML does not allow (code point " + junk.getCodePoint() + "; is it a binary file?)",
                        "stacks.yaml is a UTF-8 text file; remove control characters");
            }
            if (cause instanceof MarkedYAMLException marked) {
                String problem = marked.getProblem() == null ? "" : marked.getProblem();
                // at the end of the file, where the unclosed bracket or quote began says more than where the file ends
                boolean atEnd = problem.contains("<stream end>") || problem.contains("end of stream");
                Mark mark = marked.getProblemMark() != null && !(atEnd && marked.getContextMark() != null)
                        ? marked.getProblemMark() : marked.getContextMark();
                Location at = mark == null ? locationOf(e.getLocation()) : new Location(mark.getLine() + 1, mark.getColumn() + 1);
                if (problem.contains("\t") || problem.contains("\\t(TAB)")) {
                    return at.problem(file, "a tab character; YAML indents with spaces only",
                            "replace the tab with spaces (two per level), e.g.\ndrift:\n  mode: report");
                }
                String context = marked.getContext() == null ? "" : marked.getContext() + ": ";
                return at.problem(file, "not valid YAML: " + oneLine(context + problem), syntaxHint(problem));
            }
        }
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (message.startsWith("Expected a field name")) {
            return locationOf(e.getLocation()).problem(file, "a key must be a plain word, not a list or a mapping",
                    "write keys as `key: value`");
        }
        if (message.contains("special characters are not allowed") || message.contains("not allowed")) {
            return locationOf(e.getLocation()).problem(file, "the file contains characters YAML does not allow (is it a binary file?)",
                    "stacks.yaml is a UTF-8 text file");
        }
        return locationOf(e.getLocation()).problem(file, "not valid YAML: " + oneLine(message), "check the indentation and quoting");
    }

    private static String syntaxHint(final String problem) {
        if (problem.contains("mapping values are not allowed")) {
            return "a value containing `: ` needs quotes, e.g. reason: \"owner: the autoscaler\"";
        }
        if (problem.contains("expected ',' or ']'") || problem.contains("expected ',' or '}'")) {
            return "close the bracket, e.g. dependsOn: [network, dns]";
        }
        if (problem.contains("end of stream") || problem.contains("quoted scalar")) {
            return "close the quote on the same line";
        }
        return "check the indentation (spaces, the same amount for keys of one mapping) and quoting";
    }

    private static Location locationOfCodePoint(final String text, final int position) {
        int line = 1;
        int column = 1;
        int index = 0;
        for (int codePoints = 0; codePoints < position && index < text.length(); codePoints++) {
            int c = text.codePointAt(index);
            index += Character.charCount(c);
            if (c == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new Location(line, column);
    }

    private static Location locationOf(final JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return Location.NOWHERE;
        }
        return new Location(location.getLineNr(), Math.max(location.getColumnNr(), 1));
    }

    static String oneLine(final String text) {
        if (text == null) {
            return "";
        }
        String line = text.replaceAll("\\s*\\R\\s*", " ").strip();
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }
}
