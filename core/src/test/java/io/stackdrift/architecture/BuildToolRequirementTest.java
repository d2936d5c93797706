package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real build needs Maven 3.9.6 (the plugin parent's maven-hpi-plugin says so in its prerequisites; an older Maven
 * cannot load it and stops with "Unknown packaging: hpi" before any enforcer rule runs). The Maven wrapper is how the
 * repository asks for a Maven that works: its pin must not fall below that.
 */
class BuildToolRequirementTest {
    static final String REAL_BUILD_NEEDS = "3.9.6";
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern DISTRIBUTION = Pattern.compile("/apache-maven/([0-9][^/]*)/apache-maven-");

    @TempDir
    Path planted;

    static Optional<String> problem(final Path root) throws IOException {
        Path file = root.resolve(".mvn/wrapper/maven-wrapper.properties");
        if (!Files.isRegularFile(file) || !Files.isRegularFile(root.resolve("mvnw"))) {
            return Optional.of("the Maven wrapper (mvnw, .mvn/wrapper/maven-wrapper.properties) is missing");
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        Matcher version = DISTRIBUTION.matcher(properties.getProperty("distributionUrl", ""));
        if (!version.find()) {
            return Optional.of(file + ": distributionUrl names no Maven version");
        }
        if (compare(version.group(1), REAL_BUILD_NEEDS) < 0) {
            return Optional.of(file + ": Maven " + version.group(1) + " cannot run the real build, which needs "
                    + REAL_BUILD_NEEDS);
        }
        return Optional.empty();
    }

    /** Release versions only (x.y.z), as the wrapper's distribution names them. */
    private static int compare(final String a, final String b) {
        String[] left = a.split("\\.", -1);
        String[] right = b.split("\\.", -1);
        for (int i = 0; i < Math.max(left.length, right.length); i++) {
            int difference = Integer.compare(i < left.length ? Integer.parseInt(left[i]) : 0,
                    i < right.length ? Integer.parseInt(right[i]) : 0);
            if (difference != 0) {
                return difference;
            }
        }
        return 0;
    }

    @Test
    void theWrapperPinsAMavenTheRealBuildCanUse() throws IOException {
        assertThat(problem(ROOT)).isEmpty();
    }

    @Test
    void aWrapperPinnedBelowTheRequirementIsRefused() throws IOException {
        Files.createDirectories(planted.resolve(".mvn/wrapper"));
        Files.writeString(planted.resolve("mvnw"), "#!/bin/sh\n");
        Files.writeString(planted.resolve(".mvn/wrapper/maven-wrapper.properties"),
                "distributionUrl=https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.8.7/apache-maven-3.8.7-bin.zip\n");
        assertThat(problem(planted)).hasValueSatisfying(p -> assertThat(p).contains("Maven 3.8.7 cannot run the real build"));
        Files.delete(planted.resolve("mvnw"));
        assertThat(problem(planted)).hasValueSatisfying(p -> assertThat(p).contains("wrapper").contains("missing"));
    }
}
