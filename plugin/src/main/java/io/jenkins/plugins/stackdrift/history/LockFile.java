package io.jenkins.plugins.stackdrift.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.record.AtomicFiles;

/**
 * The stack locks on disk: {@code stack-drift-locks.json} in the controller's home, rewritten whole on each change
 * through a temporary file and a rename. One file for the controller, not one per job: a lock scope is a name that
 * several jobs share (a multibranch project, a folder, a name an administrator shares), not always an item with a
 * directory. It holds scopes, stack ids, the holders' words, times and build ids only. A table that cannot be written
 * goes on in memory and says so in the controller's log.
 */
final class LockFile implements JobStackLocks.Store {
    static final String NAME = "stack-drift-locks.json";
    private static final Logger LOGGER = Logger.getLogger(LockFile.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path file;

    LockFile(final Path home) {
        this.file = home.resolve(NAME);
    }

    @Override
    public void save(final List<JobStackLocks.SavedLock> locks) {
        try {
            AtomicFiles.write(file, out -> JSON.writeValue(out, locks));
        } catch (IOException e) {
            LOGGER.log(Level.WARNING, "Stack Drift: cannot save the stack locks to " + file + "; a controller restart would "
                    + "lose them", e);
        }
    }

    /** The locks saved before; none when there is no file (or it cannot be read, which is logged). */
    List<JobStackLocks.SavedLock> read() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return Arrays.asList(JSON.readValue(file.toFile(), JobStackLocks.SavedLock[].class));
        } catch (IOException e) {
            LOGGER.log(Level.WARNING, "Stack Drift: cannot read the saved stack locks " + file + "; none is restored", e);
            return List.of();
        }
    }
}
