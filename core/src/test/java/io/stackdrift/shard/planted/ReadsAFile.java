package io.stackdrift.shard.planted;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A planted instance for {@code ShardRuleTest}: a board that reads a file itself instead of taking what a host read. */
public final class ReadsAFile {
    public String board(final Path file) throws IOException {
        return Files.readString(file);
    }
}
