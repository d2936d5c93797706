package io.stackdrift.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.record.AtomicFiles;

/**
 * How far the engine process is ({@code status.json}, rewritten atomically at each change and each heartbeat): the
 * host shows it and tells a live engine from one that died (an old heartbeat and no result).
 *
 * @param phase      where the run is
 * @param stacksDone the stacks whose row is done
 * @param calls      the tool calls asked so far
 * @param heartbeat  when the engine process last wrote this
 */
public record StepStatus(Phase phase, int stacksDone, int calls, Instant heartbeat) {
    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The engine process's phases, in order. */
    public enum Phase {
        /** Reading the request and the secrets. */
        STARTING,
        /** The engine runs. */
        RUNNING,
        /** A stop was asked: no new tool call, the running ones stop gently. */
        STOPPING,
        /** {@code result.json} is written. */
        ENDED
    }

    public StepStatus {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(heartbeat, "heartbeat");
    }

    public void write(final StepDirectory dir) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("phase", phase.name());
        root.put("stacksDone", stacksDone);
        root.put("calls", calls);
        root.put("heartbeat", heartbeat.toString());
        AtomicFiles.write(dir.status(), out -> JSON.writeValue(out, root));
    }

    public static StepStatus read(final StepDirectory dir) throws IOException {
        JsonNode root;
        try (InputStream in = Files.newInputStream(dir.status())) {
            root = JSON.readTree(in);
        }
        if (root == null || root.path("format").asInt() != FORMAT) {
            throw new IOException("the step's status " + dir.status() + " is not of format " + FORMAT);
        }
        try {
            return new StepStatus(Phase.valueOf(root.path("phase").asText()), root.path("stacksDone").asInt(),
                    root.path("calls").asInt(), Instant.parse(root.path("heartbeat").asText()));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new IOException("the step's status " + dir.status() + " cannot be read: " + e.getMessage(), e);
        }
    }
}
