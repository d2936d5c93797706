package io.jenkins.plugins.stackdrift.steps;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.stackdrift.agent.BuildShards;

import io.stackdrift.record.AtomicFiles;

/**
 * A build's board of shards on disk: {@code stack-drift-shards.json} in the build's directory, rewritten whole on
 * each change through a temporary file and a rename (a restart finds the old board or the new one, never a part).
 * It holds stack ids, outcome names, deploy digests, shard numbers and times only. A board that cannot be written
 * goes on in memory and says so in the controller's log: only a restart would lose it.
 */
final class BoardFile implements BuildShards.Store {
    static final String NAME = "stack-drift-shards.json";
    private static final Logger LOGGER = Logger.getLogger(BoardFile.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path file;

    BoardFile(final Path buildDirectory) {
        this.file = buildDirectory.resolve(NAME);
    }

    @Override
    public void save(final BuildShards.Saved saved) {
        try {
            AtomicFiles.write(file, out -> JSON.writeValue(out, saved));
        } catch (IOException e) {
            LOGGER.log(Level.WARNING, "Stack Drift: cannot save the board of shards to " + file + "; a controller restart "
                    + "would lose it", e);
        }
    }

    /** The board saved in the build's directory; empty when there is none (or it cannot be read, which is logged). */
    Optional<BuildShards.Saved> read() {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), BuildShards.Saved.class));
        } catch (IOException e) {
            LOGGER.log(Level.WARNING, "Stack Drift: cannot read the saved board of shards " + file + "; the build's shards "
                    + "start from an empty board", e);
            return Optional.empty();
        }
    }
}
