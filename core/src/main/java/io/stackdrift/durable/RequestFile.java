package io.stackdrift.durable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployChoice;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.model.Tool;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.runner.StepDirectory;

/**
 * {@code request.json}: an {@link EngineJob} as the host writes it and the engine process reads it, field by field
 * with a format version, so the host and an engine jar of another version fail clearly instead of guessing. Two
 * parts of the request are never written here: the build's environment (it can hold a bound secret; the host launches
 * each tool with it) and the key of plan values (in {@code secrets/}). Unknown fields are ignored: adding one is not a
 * new version.
 */
public final class RequestFile {
    /** The version this engine writes and reads. */
    public static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private RequestFile() {
    }

    public static void write(final StepDirectory dir, final EngineJob job) throws IOException {
        StepRequest request = job.request();
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("operation", job.operation().name());
        root.put("workspace", job.workspace().toString());
        root.set("lockedStacks", JSON.valueToTree(new TreeSet<>(job.lockedStacks())));
        root.set("heldElsewhere", JSON.valueToTree(new TreeSet<>(job.heldElsewhere())));
        root.put("graceSeconds", job.grace().toSeconds());
        root.put("hostClockMillis", job.hostClock().toMillis());
        job.shard().ifPresent(shard -> {
            ObjectNode node = root.putObject("shard");
            node.put("number", shard.number());
            node.put("count", shard.count());
            node.put("waitSeconds", shard.waitLimit().toSeconds());
            node.put("waitSetting", shard.waitSetting());
        });
        ObjectNode r = root.putObject("request");
        r.put("configFile", request.configFile());
        r.set("stacks", JSON.valueToTree(request.stacks()));
        r.put("parallelism", request.parallelism());
        r.put("mode", request.deploy().mode().name());
        r.put("approval", request.deploy().approval().name());
        r.put("kind", request.deploy().kind().name());
        r.put("runId", request.runId());
        r.put("cause", request.cause());
        r.put("startedBy", request.startedBy().name());
        r.set("changedFiles", JSON.valueToTree(request.changedFiles()));
        ObjectNode tools = r.putObject("toolPaths");
        request.toolPaths().forEach((tool, path) -> tools.put(tool.name(), path));
        r.set("approvedPlans", JSON.valueToTree(request.approvedPlans()));
        r.put("commit", request.commit());
        r.put("approvalSource", request.approvalSource());
        r.put("toolTimeoutSeconds", request.toolTimeout().toSeconds());
        r.put("timing", request.timing().name());
        AtomicFiles.write(dir.request(), out -> JSON.writerWithDefaultPrettyPrinter().writeValue(out, root));
    }

    /**
     * The job in {@code dir}'s {@code request.json}.
     *
     * @throws RequestFormatException when it is of another format version, or a field is missing or wrong
     * @throws IOException            when it cannot be read
     */
    public static EngineJob read(final StepDirectory dir) throws IOException {
        Path file = dir.request();
        JsonNode root;
        try (InputStream in = Files.newInputStream(file)) {
            root = JSON.readTree(in);
        } catch (NoSuchFileException e) {
            throw new RequestFormatException("the step directory " + dir.root() + " has no request.json: the host did not"
                    + " write it, or the directory was cleaned");
        } catch (JsonProcessingException e) {
            throw new RequestFormatException(file + " is not JSON (line " + e.getLocation().getLineNr() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new RequestFormatException(file + " is not a JSON object");
        }
        int format = root.path("format").asInt(0);
        if (format != FORMAT) {
            throw new RequestFormatException(file + " is of format " + (format == 0 ? "(none)" : format)
                    + "; this engine reads format " + FORMAT + ": the plugin on the controller and the engine jar on the"
                    + " agent are of different versions (restart the step to send the agent the controller's engine)");
        }
        try {
            return job(file, root);
        } catch (IllegalArgumentException e) {
            throw new RequestFormatException(file + ": " + e.getMessage());
        }
    }

    private static EngineJob job(final Path file, final JsonNode root) throws RequestFormatException {
        Fields f = new Fields(file, root);
        Fields r = new Fields(file, f.object("request"));
        StepRequest request = StepRequest.builder(r.text("runId"))
                .configFile(r.text("configFile"))
                .stacks(r.texts("stacks"))
                .parallelism(r.integer("parallelism"))
                .deploy(new DeployChoice(r.word("mode", DeployMode.class), r.word("approval", Approval.class),
                        r.word("kind", DeployKind.class)))
                .cause(r.text("cause"))
                .startedBy(r.word("startedBy", StartedBy.class))
                .changedFiles(r.texts("changedFiles"))
                .toolPaths(r.toolPaths())
                .approvedPlans(r.map("approvedPlans"))
                .commit(r.text("commit"))
                .approvalSource(r.text("approvalSource"))
                .toolTimeout(Duration.ofSeconds(r.integer("toolTimeoutSeconds")))
                .timing(r.word("timing", Timing.class))
                .build();
        EngineJob job = new EngineJob(f.word("operation", RunOperation.class), Path.of(f.text("workspace")), request,
                Set.copyOf(f.texts("lockedStacks")), Set.copyOf(f.texts("heldElsewhere")),
                Duration.ofSeconds(f.integer("graceSeconds")), Duration.ofMillis(root.path("hostClockMillis").asLong(0)));
        if (!root.has("shard")) {
            return job;
        }
        Fields s = new Fields(file, f.object("shard"));
        return job.withShard(new ShardJob(s.integer("number"), s.integer("count"), Duration.ofSeconds(s.integer("waitSeconds")),
                s.text("waitSetting")));
    }

    /** Reads fields, each missing or wrong one an error that names it. */
    private record Fields(Path file, JsonNode node) {
        private JsonNode field(final String name) throws RequestFormatException {
            JsonNode value = node.get(name);
            if (value == null || value.isNull()) {
                throw new RequestFormatException(file + " has no field \"" + name + "\"");
            }
            return value;
        }

        JsonNode object(final String name) throws RequestFormatException {
            JsonNode value = field(name);
            if (!value.isObject()) {
                throw wrong(name, "an object");
            }
            return value;
        }

        String text(final String name) throws RequestFormatException {
            JsonNode value = field(name);
            if (!value.isTextual()) {
                throw wrong(name, "a string");
            }
            return value.asText();
        }

        int integer(final String name) throws RequestFormatException {
            JsonNode value = field(name);
            if (!value.canConvertToInt() || value.asInt() < 0) {
                throw wrong(name, "a whole number, 0 or more");
            }
            return value.asInt();
        }

        List<String> texts(final String name) throws RequestFormatException {
            JsonNode value = field(name);
            if (!value.isArray()) {
                throw wrong(name, "a list of strings");
            }
            List<String> out = new ArrayList<>();
            for (JsonNode item : value) {
                if (!item.isTextual()) {
                    throw wrong(name, "a list of strings");
                }
                out.add(item.asText());
            }
            return out;
        }

        Map<String, String> map(final String name) throws RequestFormatException {
            JsonNode value = object(name);
            Map<String, String> out = new TreeMap<>();
            for (Map.Entry<String, JsonNode> entry : value.properties()) {
                if (!entry.getValue().isTextual()) {
                    throw wrong(name, "an object of strings");
                }
                out.put(entry.getKey(), entry.getValue().asText());
            }
            return out;
        }

        Map<Tool, String> toolPaths() throws RequestFormatException {
            Map<Tool, String> out = new EnumMap<>(Tool.class);
            for (Map.Entry<String, String> entry : map("toolPaths").entrySet()) {
                out.put(word("toolPaths", entry.getKey(), Tool.class), entry.getValue());
            }
            return out;
        }

        <E extends Enum<E>> E word(final String name, final Class<E> type) throws RequestFormatException {
            return word(name, text(name), type);
        }

        private <E extends Enum<E>> E word(final String name, final String text, final Class<E> type)
                throws RequestFormatException {
            for (E constant : type.getEnumConstants()) {
                if (constant.name().equals(text)) {
                    return constant;
                }
            }
            throw new RequestFormatException(file + ": \"" + name + "\" cannot be \"" + text + "\" (one of "
                    + List.of(type.getEnumConstants()) + ")");
        }

        private RequestFormatException wrong(final String name, final String what) {
            return new RequestFormatException(file + ": \"" + name + "\" must be " + what);
        }
    }
}
