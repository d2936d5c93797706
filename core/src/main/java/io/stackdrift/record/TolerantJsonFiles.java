package io.stackdrift.record;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.model.ChangeList;

/**
 * Reading the history's JSON files with the store's policy (docs/records.md): a file that exists but cannot be read
 * (cut short, foreign, another format version) is skipped and named in {@link #warnings()}, never a reason to fail a
 * run; one that is about to be rewritten from what it holds is moved aside first, never overwritten.
 */
final class TolerantJsonFiles {
    private static final DateTimeFormatter UNREADABLE_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path dir;
    private final ObjectMapper mapper = new ObjectMapper();
    private final List<String> warnings = Collections.synchronizedList(new ArrayList<>());

    /** @param dir the history directory: warnings name files relative to it */
    TolerantJsonFiles(final Path dir) {
        this.dir = dir;
    }

    List<String> warnings() {
        synchronized (warnings) {
            return List.copyOf(warnings);
        }
    }

    /** Reads a file with {@code reader}; a missing file gives empty, an unreadable one empty and a warning. */
    <T> Optional<T> read(final Path file, final Function<JsonNode, T> reader) {
        return load(file, reader, (kind, why) -> warn(file, why));
    }

    /**
     * What reading a file gave: its value; or, for a file that is there but could not be read, why in fixed words
     * ({@link Unreadable}), with no warning: the caller names the file. Neither for a missing file.
     *
     * @param <T> what is read
     */
    record Outcome<T>(Optional<T> value, Optional<Unreadable> unreadable) {
    }

    /** Reads a file with {@code reader} and says why when one that is there cannot be read ({@link Outcome}). */
    <T> Outcome<T> readOrSay(final Path file, final Function<JsonNode, T> reader) {
        Unreadable[] why = new Unreadable[1];
        Optional<T> value = load(file, reader, (kind, detail) -> why[0] = kind);
        return new Outcome<>(value, Optional.ofNullable(why[0]));
    }

    /**
     * The first {@code most} elements of the array {@code field} of a file of format {@code kind}, each read with
     * {@code reader}, streamed: the file is read no further than those elements (and its format, which our files
     * write first). A missing file gives empty; an unreadable head or element, empty and a warning. A file whose array
     * comes before its format is read whole.
     */
    <T> Optional<List<T>> readFirst(final Path file, final String kind, final String field, final int most,
            final Function<JsonNode, T> reader) {
        // empty outside: missing or unreadable (warned); empty inside: the array came before the format
        Optional<Optional<List<T>>> head = readStreamed(file, in -> {
            try (JsonParser p = mapper.createParser(in)) {
                return firstElements(p, kind, field, most, reader);
            }
        });
        if (head.isEmpty() || head.get().isPresent()) {
            return head.flatMap(Function.identity());
        }
        return read(file, node -> {
            RecordFormat.checkFormat(node, kind);
            List<T> out = new ArrayList<>();
            for (JsonNode element : node.path(field)) {
                if (out.size() == most) {
                    break;
                }
                out.add(reader.apply(element));
            }
            return out;
        });
    }

    private <T> Optional<List<T>> firstElements(final JsonParser p, final String kind, final String field, final int most,
            final Function<JsonNode, T> reader) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw new RecordFormatException("not a JSON object");
        }
        boolean formatChecked = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            if ("format".equals(name)) {
                RecordFormat.checkFormat(mapper.createObjectNode().put("format", p.getValueAsString("")), kind);
                formatChecked = true;
            } else if (field.equals(name) && formatChecked && p.currentToken() == JsonToken.START_ARRAY) {
                List<T> out = new ArrayList<>();
                while (out.size() < most && p.nextToken() != JsonToken.END_ARRAY) {
                    out.add(reader.apply(p.readValueAsTree()));
                }
                return Optional.of(out);
            } else if (field.equals(name)) {
                break;
            } else {
                p.skipChildren();
            }
        }
        return Optional.empty();
    }

    /** The full record of one run from its details file (streamed: the file may be large). */
    Optional<RunRecord> readRun(final Path file, final ChangeList.SpillTarget spill) {
        return readStreamed(file, in -> RecordJson.readRun(in, spill));
    }

    /** Reads a file that may be large with a streaming reader; a missing file gives empty, an unreadable one empty and a warning. */
    <T> Optional<T> readStreamed(final Path file, final StreamedReader<T> reader) {
        return stream(file, reader, (kind, why) -> warn(file, why));
    }

    /** As {@link #readForRewrite}, with a streaming reader: a file that cannot be read is moved aside, never overwritten. */
    <T> Optional<T> readStreamedForRewrite(final Path file, final StreamedReader<T> reader) throws IOException {
        List<String> problems = new ArrayList<>();
        Optional<T> value = stream(file, reader, (kind, why) -> problems.add(why));
        movedAsideIf(file, problems);
        return value;
    }

    private <T> Optional<T> stream(final Path file, final StreamedReader<T> reader, final Problems problems) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Optional.of(reader.read(in));
        } catch (IOException e) {
            problems.found(notRead(e), "not readable JSON (cut short by a crash?): " + firstLine(e.getMessage()));
        } catch (RecordFormatException | IllegalArgumentException | NullPointerException e) {
            problems.found(notOurs(e), firstLine(e.getMessage()));
        }
        return Optional.empty();
    }

    /** Where a read reports a file that is there and cannot be read: why in fixed words, and the reader's detail. */
    @FunctionalInterface
    private interface Problems {
        void found(Unreadable kind, String detail);
    }

    private static Unreadable notRead(final IOException e) {
        return e instanceof JsonProcessingException ? Unreadable.NOT_JSON : Unreadable.NOT_OPENED;
    }

    private static Unreadable notOurs(final RuntimeException e) {
        return e instanceof RecordFormatException f && f.isOtherVersion() ? Unreadable.OTHER_VERSION : Unreadable.NOT_OURS;
    }

    /**
     * Reads one file from its stream.
     *
     * @param <T> what it reads
     */
    @FunctionalInterface
    interface StreamedReader<T> {
        T read(InputStream in) throws IOException;
    }

    /**
     * Reads a file that is about to be rewritten from what it holds. One that exists but cannot be read is
     * never overwritten: it is moved aside to {@code NAME.unreadable-<UTC time>} (a newer Stack Drift may
     * have written it, or a person can repair it) and a warning says where it went; the save then starts
     * the file afresh.
     */
    <T> Optional<T> readForRewrite(final Path file, final Function<JsonNode, T> reader) throws IOException {
        List<String> problems = new ArrayList<>();
        Optional<T> value = load(file, reader, (kind, why) -> problems.add(why));
        movedAsideIf(file, problems);
        return value;
    }

    private void movedAsideIf(final Path file, final List<String> problems) throws IOException {
        if (!problems.isEmpty() && Files.exists(file)) {
            Path aside = moveAside(file);
            warnings.add(dir.relativize(file) + " could not be read (" + problems.get(0) + "); moved it to "
                    + dir.relativize(aside) + " and started a new one: restore or merge it from there");
        }
    }

    private <T> Optional<T> load(final Path file, final Function<JsonNode, T> reader, final Problems problems) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode node;
        try (InputStream in = Files.newInputStream(file)) {
            node = mapper.readTree(in);
        } catch (IOException e) {
            problems.found(notRead(e), "not readable JSON (cut short by a crash?): " + firstLine(e.getMessage()));
            return Optional.empty();
        }
        if (node == null || node.isMissingNode()) {
            problems.found(Unreadable.EMPTY, "empty file");
            return Optional.empty();
        }
        try {
            return Optional.of(reader.apply(node));
        } catch (RecordFormatException | IllegalArgumentException | NullPointerException e) {
            problems.found(notOurs(e), firstLine(e.getMessage()));
            return Optional.empty();
        }
    }

    private static Path moveAside(final Path file) throws IOException {
        String stamp = UNREADABLE_STAMP.format(Instant.now());
        Path aside = file.resolveSibling(file.getFileName() + ".unreadable-" + stamp);
        for (int i = 2; Files.exists(aside, LinkOption.NOFOLLOW_LINKS); i++) {
            aside = file.resolveSibling(file.getFileName() + ".unreadable-" + stamp + "-" + i);
        }
        return Files.move(file, aside);
    }

    /** Warns that a file was skipped; {@code file} is relative to the history directory or absolute. */
    void warn(final Path file, final String why) {
        warnings.add("skipped " + dir.relativize(dir.resolve(file)) + ": " + why);
    }

    private static String firstLine(final String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
