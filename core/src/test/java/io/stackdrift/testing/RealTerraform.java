package io.stackdrift.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Where a real {@code terraform} is installed, for the tests that run one: on the {@code PATH}, else the usual place. */
public final class RealTerraform {
    private static final Path WELL_KNOWN = Path.of("/usr/local/bin/terraform");

    private RealTerraform() {
    }

    /** The executable, or empty where none is installed (the tests are then skipped with a message). */
    public static Optional<String> locate() {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(File.pathSeparator, -1)) {
                if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, "terraform"))) {
                    return Optional.of(Path.of(entry, "terraform").toString());
                }
            }
        }
        return Files.isExecutable(WELL_KNOWN) ? Optional.of(WELL_KNOWN.toString()) : Optional.empty();
    }
}
