package io.jenkins.plugins.stackdrift;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/** A fresh copy of examples/demo (its simulated tools included), without state an earlier run left. */
public final class DemoWorkspace {
    public static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();
    private static final List<String> LEFT_OUT = List.of(".terraform", ".pulumi", ".demo-state", ".stackdrift", "out");

    private DemoWorkspace() {
    }

    public static Path copyTo(final Path workspace) throws IOException {
        try (Stream<Path> walk = Files.walk(DEMO)) {
            for (Path source : (Iterable<Path>) walk::iterator) {
                Path relative = DEMO.relativize(source);
                if (relative.toString().isEmpty()) {
                    continue;
                }
                boolean leftOut = false;
                for (Path part : relative) {
                    leftOut |= LEFT_OUT.contains(part.toString());
                }
                if (leftOut) {
                    continue;
                }
                Path target = workspace.resolve(relative.toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return workspace;
    }

    /** The build's PATH with the demo's simulated tools first, as {@code withEnv(['PATH+DEMO=...'])} would make it. */
    public static String pathWithSimulations(final Path workspace) {
        return workspace.resolve("bin") + File.pathSeparator + System.getenv("PATH");
    }
}
