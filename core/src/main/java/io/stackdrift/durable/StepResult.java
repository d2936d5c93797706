package io.stackdrift.durable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.record.AtomicFiles;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunRecord;
import io.stackdrift.runner.StepDirectory;

/**
 * How an engine process's run ended ({@code result.json}, written atomically and last: its presence says the run is
 * over): what the host saves of it beside the record ({@code record.json}, written just before), or why the process
 * could not run. Every line is masked; files are named relative to the workspace.
 *
 * @param failure       why the engine process could not run (a request it cannot read, say); empty when it ran
 * @param interrupted   the run was stopped before its end (a {@code stop}); its record says which stacks
 * @param exitCode      0 nothing to report, 2 drift or pending changes, 1 an error or a failed stack
 * @param problems      configuration problems, one line each
 * @param warnings      configuration warnings, one line each
 * @param notes         notes for the log
 * @param deployDigests stack → digest of what this run deployed
 * @param forgotten     stacks whose last deploy is to be forgotten
 * @param owed          stacks that owe a deploy
 * @param configured    every stack of the configuration, when it was read
 * @param approvalPins  stack awaiting approval → the pin of its plan
 * @param nextScheduledCheck for a drift check, when the next scheduled check has work
 */
public record StepResult(Optional<String> failure, boolean interrupted, int exitCode, List<String> problems,
        List<String> warnings, List<String> notes, Map<String, String> deployDigests, Set<String> forgotten,
        Set<String> owed, Optional<Set<String>> configured, Map<String, String> approvalPins,
        Optional<Instant> nextScheduledCheck) {
    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    public StepResult {
        Objects.requireNonNull(failure, "failure");
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
        notes = List.copyOf(notes);
        deployDigests = Map.copyOf(deployDigests);
        forgotten = Set.copyOf(forgotten);
        owed = Set.copyOf(owed);
        configured = configured.map(Set::copyOf);
        approvalPins = Map.copyOf(approvalPins);
        Objects.requireNonNull(nextScheduledCheck, "nextScheduledCheck");
    }

    /** The engine process could not run: {@code reason} says why, and what to do. */
    public static StepResult failed(final String reason) {
        return new StepResult(Optional.of(reason), false, 1, List.of(), List.of(), List.of(), Map.of(), Set.of(), Set.of(),
                Optional.empty(), Map.of(), Optional.empty());
    }

    /** Writes the record (when there is one), then {@code result.json}, each atomically. */
    public void write(final StepDirectory dir, final Optional<RunRecord> record) throws IOException {
        if (record.isPresent()) {
            AtomicFiles.write(dir.record(), out -> RecordJson.writeRun(out, sequenceOf(record.get()), record.get()));
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        failure.ifPresent(reason -> root.put("failure", reason));
        root.put("interrupted", interrupted);
        root.put("exitCode", exitCode);
        root.put("recorded", record.isPresent());
        root.set("problems", JSON.valueToTree(problems));
        root.set("warnings", JSON.valueToTree(warnings));
        root.set("notes", JSON.valueToTree(notes));
        root.set("deployDigests", JSON.valueToTree(deployDigests));
        root.set("forgotten", JSON.valueToTree(new TreeSet<>(forgotten)));
        root.set("owed", JSON.valueToTree(new TreeSet<>(owed)));
        configured.ifPresent(ids -> root.set("configured", JSON.valueToTree(new TreeSet<>(ids))));
        root.set("approvalPins", JSON.valueToTree(approvalPins));
        nextScheduledCheck.ifPresent(at -> root.put("nextScheduledCheck", at.toEpochMilli()));
        AtomicFiles.write(dir.result(), out -> JSON.writerWithDefaultPrettyPrinter().writeValue(out, root));
    }

    /** The result in {@code dir}; empty while the run goes on. */
    public static Optional<StepResult> read(final StepDirectory dir) throws IOException {
        try (InputStream in = Files.newInputStream(dir.result())) {
            return Optional.of(parse(in, dir.result().toString()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** A result read from {@code in} (a copy of {@code result.json} fetched from an agent); {@code name} names it in errors. */
    public static StepResult parse(final InputStream in, final String name) throws IOException {
        JsonNode root = JSON.readTree(in);
        if (root == null || root.path("format").asInt() != FORMAT) {
            throw new RequestFormatException(name + " is not a result of format " + FORMAT
                    + ": the plugin on the controller and the engine jar on the agent are of different versions");
        }
        return new StepResult(
                root.hasNonNull("failure") ? Optional.of(root.get("failure").asText()) : Optional.empty(),
                root.path("interrupted").asBoolean(), root.path("exitCode").asInt(1), strings(root, "problems"),
                strings(root, "warnings"), strings(root, "notes"),
                JSON.convertValue(root.path("deployDigests"), new TypeReference<Map<String, String>>() { }),
                Set.copyOf(strings(root, "forgotten")), Set.copyOf(strings(root, "owed")),
                root.has("configured") ? Optional.of(Set.copyOf(strings(root, "configured"))) : Optional.empty(),
                JSON.convertValue(root.path("approvalPins"), new TypeReference<Map<String, String>>() { }),
                root.path("nextScheduledCheck").canConvertToLong()
                        ? Optional.of(Instant.ofEpochMilli(root.get("nextScheduledCheck").asLong())) : Optional.empty());
    }

    /** The run's record in {@code dir}, when the run left one. */
    public static Optional<RunRecord> readRecord(final StepDirectory dir) throws IOException {
        try (InputStream in = Files.newInputStream(dir.record())) {
            return Optional.of(RecordJson.readRun(in));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    private static List<String> strings(final JsonNode root, final String name) {
        List<String> values = JSON.convertValue(root.path(name), new TypeReference<List<String>>() { });
        return values == null ? List.of() : values;
    }

    /** The run id as the record's sequence when it is a number (a build number); else 0. */
    private static long sequenceOf(final RunRecord record) {
        try {
            return Long.parseLong(record.runId());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
