package io.stackdrift.architecture.planted;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A planted tree deletion by path, a stream and a method reference: DirectoryRule must refuse it. */
public final class PlantedStreamDeletion {
    private PlantedStreamDeletion() {
    }

    public static void delete(final Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(PlantedStreamDeletion::deleteQuietly);
        }
    }

    private static void deleteQuietly(final Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // planted
        }
    }
}
