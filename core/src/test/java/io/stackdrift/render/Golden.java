package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Golden files under {@code src/test/resources/golden/render}. Run with {@code -Dstackdrift.golden.update=true}
 * to rewrite them from the current output (then review the diff before committing); off by default.
 */
final class Golden {
    private static final Path DIR = Paths.get("src", "test", "resources", "golden", "render");

    private Golden() {
    }

    static void assertMatches(final String name, final String actual) throws IOException {
        Path file = DIR.resolve(name);
        if (Boolean.getBoolean("stackdrift.golden.update")) {
            Files.createDirectories(DIR);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(file).as("golden file %s (write it with -Dstackdrift.golden.update=true)", file).exists();
        assertThat(actual).as("output compared with golden file %s", file).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
