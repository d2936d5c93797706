package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import hudson.remoting.VirtualChannel;
import jenkins.MasterToSlaveFileCallable;

import io.stackdrift.model.Directories;

/**
 * Removes, on the agent, the temporary directories that steps of earlier builds left in the workspace's temp
 * directory: a controller restart or a lost agent ends a step without its cleanup, and those directories hold
 * plan files (which can carry values) and secret-file copies. Only one build uses a workspace at a time
 * (Jenkins' workspace lock), so a directory of another build is never in use; this build's own directories are
 * left alone, since parallel branches of one build can share the workspace. Symbolic links are removed, never
 * followed. Returns how many directories were removed.
 */
public final class StaleStepDirectories extends MasterToSlaveFileCallable<Integer> {
    /** Every directory a step makes in the temp directory starts with this. */
    public static final String PREFIX = "stack-drift-";

    private static final long serialVersionUID = 1L;

    private final String buildId;

    public StaleStepDirectories(final String buildId) {
        this.buildId = buildId;
    }

    /** The name of a new step directory of this build. */
    public static String stepDirectoryName(final String buildId, final String operation, final String unique) {
        return PREFIX + buildId + "-" + operation + "-" + unique;
    }

    @Override
    public Integer invoke(final File tempDir, final VirtualChannel channel) throws IOException {
        Path temp = tempDir.toPath();
        if (!Files.isDirectory(temp)) {
            return 0;
        }
        int removed = 0;
        String mine = PREFIX + buildId + "-";
        try (DirectoryStream<Path> children = Files.newDirectoryStream(temp, PREFIX + "*")) {
            for (Path child : children) {
                String name = String.valueOf(child.getFileName());
                if (!name.startsWith(mine) && Files.isDirectory(child) && !Files.isSymbolicLink(child)) {
                    Directories.delete(child);
                    // counted when gone: the deletion leaves what it cannot delete for the next build's sweep
                    if (Files.notExists(child, LinkOption.NOFOLLOW_LINKS)) {
                        removed++;
                    }
                }
            }
        }
        return removed;
    }
}
