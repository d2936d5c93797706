package io.stackdrift.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The scripted stand-in executable ({@code standin-tool/fake-tool}) set up in a test directory under a tool's
 * name: it records every call and replays what each subcommand was told to print and exit with.
 * <pre>
 * FakeTool tofu = FakeTool.create(tempDir, "tofu");
 * tofu.on("plan").exitCode(2);
 * tofu.on("show").stdoutFrom(Fixtures.terraform("lifecycle/2-changes.plan.json"));
 * ... run with tofu.executable() and tofu.environment() ...
 * assertThat(tofu.calls()).extracting(Call::arguments)...
 * </pre>
 */
public final class FakeTool {
    public static final String SCENARIO_VARIABLE = "STACKDRIFT_FAKE_SCENARIO";

    private final Path executable;
    private final Path scenario;

    private FakeTool(final Path executable, final Path scenario) {
        this.executable = executable;
        this.scenario = scenario;
    }

    /** The stand-in as {@code dir/bin/<name>}, with its scenario in {@code dir/scenario-<name>}. */
    public static FakeTool create(final Path dir, final String name) {
        try {
            Path bin = Files.createDirectories(dir.resolve("bin"));
            Path executable = bin.resolve(name);
            try (InputStream script = FakeTool.class.getResourceAsStream("/standin-tool/fake-tool")) {
                if (script == null) {
                    throw new IllegalStateException("the stand-in script standin-tool/fake-tool is not on the test class path");
                }
                Files.write(executable, script.readAllBytes());
            }
            // resources lose the executable bit when they are copied into target/
            Files.setPosixFilePermissions(executable, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path scenario = Files.createDirectories(dir.resolve("scenario-" + name));
            return new FakeTool(executable, scenario);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path executable() {
        return executable;
    }

    public Path scenario() {
        return scenario;
    }

    /** The variable that points the stand-in at its scenario; pass it in the process environment. */
    public Map<String, String> environment() {
        return Map.of(SCENARIO_VARIABLE, scenario.toString());
    }

    /** What the subcommand {@code key} does ({@code plan}, {@code plan-refresh-only}, {@code stack-output}, ...). */
    public Step on(final String key) {
        return new Step(key);
    }

    /** Every call so far, oldest first. */
    public List<Call> calls() {
        Path log = scenario.resolve("calls.log");
        if (!Files.exists(log)) {
            return List.of();
        }
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            List<Call> calls = new ArrayList<>();
            for (String record : text.split("\0\n", -1)) {
                if (record.isEmpty()) {
                    continue;
                }
                List<String> fields = Arrays.asList(record.split("\0", -1));
                calls.add(new Call(Path.of(fields.get(0)), List.copyOf(fields.subList(1, fields.size()))));
            }
            return calls;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The arguments of every call (without the executable). */
    public List<List<String>> arguments() {
        return calls().stream().map(Call::arguments).toList();
    }

    /** One call: the working directory and the arguments after the executable. */
    public record Call(Path directory, List<String> arguments) {
    }

    /** Sets what one subcommand prints and how it exits. */
    public final class Step {
        private final String key;

        private Step(final String key) {
            this.key = key;
        }

        public Step exitCode(final int code) {
            return write("exit", Integer.toString(code));
        }

        public Step stdout(final String text) {
            return write("stdout", text);
        }

        /** Prints a file, e.g. a fixture (never copied: the stand-in reads it where it is). */
        public Step stdoutFrom(final Path file) {
            return write("stdout-from", file.toAbsolutePath().toString());
        }

        public Step stderr(final String text) {
            return write("stderr", text);
        }

        /** The step does not write the update plan that {@code --save-plan} asks for. */
        public Step noPlan() {
            return write("no-plan", "");
        }

        public Step sleepSeconds(final int seconds) {
            return write("sleep", Integer.toString(seconds));
        }

        private Step write(final String what, final String content) {
            try {
                Files.writeString(scenario.resolve(key + "." + what), content, StandardCharsets.UTF_8);
                return this;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
