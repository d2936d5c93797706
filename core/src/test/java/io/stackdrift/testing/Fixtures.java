package io.stackdrift.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.jupiter.api.Assumptions;

/**
 * The genuine tool output in {@code ../shared/fixtures} (beside the checkout; never copied in). In CI
 * ({@code CI=true}) a missing folder fails the test; elsewhere the test is skipped with a note.
 */
public final class Fixtures {
    private Fixtures() {
    }

    /** The shared folder: system property {@code stackdrift.shared} (set by the build), else {@code ../shared}. */
    public static Path shared() {
        String configured = System.getProperty("stackdrift.shared");
        Path shared = configured != null ? Paths.get(configured) : Paths.get("..", "shared");
        if (!Files.isDirectory(shared.resolve("fixtures"))) {
            String message = "the fixtures folder " + shared.toAbsolutePath().normalize().resolve("fixtures")
                    + " is missing: it comes from the shared folder laid beside the checkout (../shared)";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message);
            }
            Assumptions.abort(message);
        }
        return shared;
    }

    /** A fixture file, e.g. {@code fixture("terraform/equiv-drift_simple.plan.json")}. */
    public static Path fixture(final String relative) {
        Path file = shared().resolve("fixtures").resolve(relative);
        if (!Files.isRegularFile(file)) {
            throw new AssertionError("no fixture " + file);
        }
        return file;
    }
}
