package io.stackdrift.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.config.Outputs;
import io.stackdrift.model.Directories;
import io.stackdrift.tool.StackOutput;

/**
 * The outputs file a stack's {@code outputs:} names (docs/engine.md, "Outputs file"): a JSON object of output name → value. The
 * only place an output value is ever written. Sensitive outputs are left out entirely unless
 * {@code outputs.sensitive: true} (a key with a placeholder value would look like a real value to a later step).
 */
public final class OutputsFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OutputsFile() {
    }

    /** The keys the file must hold for these outputs. */
    public static Set<String> expectedKeys(final Outputs settings, final List<StackOutput> outputs) {
        Set<String> keys = new LinkedHashSet<>();
        for (StackOutput output : outputs) {
            if (!output.sensitive() || settings.sensitive()) {
                keys.add(output.name());
            }
        }
        return keys;
    }

    /** Writes the file atomically (temporary file beside it, then a rename). */
    public static void write(final Path file, final Outputs settings, final List<StackOutput> outputs) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        for (StackOutput output : outputs) {
            if (!output.sensitive() || settings.sensitive()) {
                root.set(output.name(), output.value());
            }
        }
        Path dir = file.toAbsolutePath().getParent();
        Directories.ensure(dir);
        Path temp = dir.resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.write(temp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** True when the file exists, is a JSON object and has exactly the expected keys. */
    public static boolean holdsKeys(final Path file, final Set<String> expected) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try {
            JsonNode root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
            if (root == null || !root.isObject()) {
                return false;
            }
            Set<String> keys = new LinkedHashSet<>();
            for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
                keys.add(it.next());
            }
            return keys.equals(expected);
        } catch (JacksonException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
