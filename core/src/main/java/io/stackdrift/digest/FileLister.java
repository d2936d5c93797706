package io.stackdrift.digest;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Which files of a directory belong to its code, as version control says: for a git checkout, the files git tracks
 * (with their working-copy content) and the untracked ones it does not ignore. Empty when it cannot say (no git, not
 * a checkout, nothing listed there): the digest then walks the disk (docs/digest.md).
 */
@FunctionalInterface
public interface FileLister {
    /** Lists nothing: every directory is walked. */
    FileLister WALK = dir -> Optional.empty();

    /** The files under {@code dir} (absolute, normalized), or empty when the lister cannot say. */
    Optional<List<Path>> filesUnder(Path dir) throws InterruptedException;
}
