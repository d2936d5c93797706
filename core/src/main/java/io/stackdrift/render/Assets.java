package io.stackdrift.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import io.stackdrift.record.AtomicFiles;

/**
 * The static style sheet and script every page uses, kept as files (Jenkins' Content-Security-Policy
 * forbids inline scripts and style attributes). The plugin serves the same two files; the static report
 * copies them beside its pages.
 */
public final class Assets {
    /** The style sheet's file name. */
    public static final String CSS = "stackdrift.css";
    /** The script's file name. */
    public static final String JS = "stackdrift.js";
    /** Class-path folder of both files. */
    public static final String RESOURCE_FOLDER = "/io/stackdrift/render/";

    private Assets() {
    }

    public static List<String> names() {
        return List.of(CSS, JS);
    }

    /** The bytes of one asset from the class path. */
    public static byte[] bytes(final String name) {
        if (!names().contains(name)) {
            throw new IllegalArgumentException("no asset " + name);
        }
        try (InputStream in = Assets.class.getResourceAsStream(RESOURCE_FOLDER + name)) {
            if (in == null) {
                throw new IllegalStateException("the core jar lacks " + RESOURCE_FOLDER + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies both files into {@code dir}. */
    public static void copyTo(final Path dir) throws IOException {
        for (String name : names()) {
            byte[] content = bytes(name);
            AtomicFiles.write(dir.resolve(name), out -> out.write(content));
        }
    }
}
