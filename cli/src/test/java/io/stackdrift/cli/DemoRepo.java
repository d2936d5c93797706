package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import picocli.CommandLine;

/**
 * A copy of examples/demo in a temporary directory (the simulated tools keep state in the stack directories,
 * so each test starts from the beginning), run through the real command line with the simulations as the
 * tool executables.
 */
final class DemoRepo {
    private static final Path DEMO = Path.of("../examples/demo");

    final Path root;
    final Path record;

    private DemoRepo(final Path root) {
        this.root = root;
        this.record = root.resolve(".record");
    }

    static DemoRepo copyTo(final Path dir) throws IOException {
        Path root = dir.resolve("demo");
        try (Stream<Path> files = Files.walk(DEMO)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path relative = DEMO.relativize(source);
                if (relative.toString().contains(".demo-state") || relative.startsWith("out")
                        || relative.toString().contains(".terraform/") || relative.toString().contains(".pulumi/")) {
                    continue;
                }
                Path target = root.resolve(relative.toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        for (String tool : List.of("terraform", "tofu", "pulumi")) {
            Files.setPosixFilePermissions(root.resolve("bin").resolve(tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return new DemoRepo(root);
    }

    /** One command's exit code and what it printed. */
    record Result(int exit, String out, String err) {
    }

    Result run(final String command, final String... more) {
        List<String> args = new ArrayList<>(List.of(command, "--config", root.resolve("stacks.yaml").toString(),
                "--record", record.toString()));
        for (String tool : List.of("terraform", "tofu", "pulumi")) {
            args.add("--tool-path");
            args.add(tool + "=" + root.resolve("bin").resolve(tool).toAbsolutePath());
        }
        args.addAll(List.of(more));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args.toArray(String[]::new));
        return new Result(exit, out.toString(), err.toString());
    }
}
