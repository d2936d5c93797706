package io.stackdrift.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.stackdrift.model.Problem;
import io.stackdrift.model.Tool;
import io.stackdrift.tfconfig.StateMatcher;
import io.stackdrift.tfconfig.StateMatcher.ModuleStack;
import io.stackdrift.tfconfig.StateMatcher.StateDependencies;

/**
 * Reads stacks.yaml and discovers the repository's stacks (docs/configuration.md): the one entry point others call.
 * Reads files only; never runs a tool. Every problem in the file is reported at once, each with
 * file, line, column and a hint; nothing here throws for bad input.
 */
public final class ConfigLoader {
    /** The default parallelism: the agent's cores, at most this many. */
    public static final int MAX_DEFAULT_PARALLELISM = 8;

    private final int cores;

    /** A loader whose default parallelism comes from this machine's cores. */
    public ConfigLoader() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** A loader for an agent with {@code cores} cores (the default parallelism is derived from it). */
    public ConfigLoader(final int cores) {
        this.cores = cores;
    }

    /** Reads {@code configFile} and discovers stacks under {@code repositoryRoot}. */
    public static ConfigResult load(final Path configFile, final Path repositoryRoot) {
        return new ConfigLoader().read(configFile, repositoryRoot);
    }

    /** Parses YAML text as if it were the file {@code fileName}, discovering stacks under {@code repositoryRoot}. */
    public static ConfigResult parse(final String yaml, final String fileName, final Path repositoryRoot) {
        return new ConfigLoader().check(yaml, fileName, Path.of(fileName), repositoryRoot);
    }

    /** Reads {@code configFile} and discovers stacks under {@code repositoryRoot}. */
    public ConfigResult read(final Path configFile, final Path repositoryRoot) {
        String shown = configFile.toString().replace('\\', '/');
        if (Files.isDirectory(configFile)) {
            return unreadable(shown, "this is a directory, not a configuration file",
                    "name the file: " + shown.replaceAll("/$", "") + "/stacks.yaml");
        }
        if (Files.exists(configFile) && !Files.isRegularFile(configFile)) {
            // a device (/dev/zero never ends) or a FIFO (blocks until someone writes) is never opened
            return unreadable(shown, "this is not a regular file (a device, pipe or socket)", "name the stacks.yaml file itself");
        }
        try {
            long size = Files.size(configFile);
            if (size > YamlReader.MAX_CHARS) {
                return unreadable(shown, "the file is " + size + " bytes long; a stacks.yaml may be at most " + YamlReader.MAX_CHARS,
                        "is this the right file? stacks.yaml is small: a few lines per stack");
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(configFile)) {
                // read with a bound: the file may grow between the size check and the read
                bytes = in.readNBytes(YamlReader.MAX_CHARS + 1);
            }
            if (bytes.length > YamlReader.MAX_CHARS) {
                return unreadable(shown, "the file is longer than " + YamlReader.MAX_CHARS + " bytes; a stacks.yaml may be at most that",
                        "is this the right file? stacks.yaml is small: a few lines per stack");
            }
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            return check(text, shown, configFile, repositoryRoot);
        } catch (NoSuchFileException e) {
            return unreadable(shown, "the configuration file does not exist",
                    "create stacks.yaml at the repository root, or name another file with --config");
        } catch (CharacterCodingException e) {
            return unreadable(shown, "the file is not UTF-8 text (is it a binary file?)", "stacks.yaml is a UTF-8 text file");
        } catch (IOException e) {
            return unreadable(shown, "cannot read the file: " + YamlReader.oneLine(e.getMessage()), "check that it is a readable file");
        }
    }

    private static ConfigResult unreadable(final String shown, final String message, final String hint) {
        return ConfigResult.invalid(List.of(new Problem(shown, 0, 0, message, hint)), List.of());
    }

    /**
     * Checks YAML text as if it were {@code configFile}, named {@code fileName} in problems, and
     * discovers stacks under {@code repositoryRoot}.
     */
    public ConfigResult check(final String yaml, final String fileName, final Path configFile, final Path repositoryRoot) {
        List<Problem> problems = new ArrayList<>();
        Optional<YamlNode> root = YamlReader.read(fileName, yaml, problems);
        if (root.isEmpty()) {
            return ConfigResult.invalid(problems, List.of());
        }
        Optional<ParsedConfig> parsed = new ConfigParser(fileName, problems).parse(root.get());
        if (parsed.isEmpty()) {
            return ConfigResult.invalid(problems, List.of());
        }
        String displayRoot = displayRoot(fileName, configFile, repositoryRoot);
        StackDiscovery discovery = new StackDiscovery(repositoryRoot, displayRoot, problems);
        List<ProjectDirectory> directories = discovery.scan(parsed.get().entries().stream().map(StackEntry::dir)
                .filter(dir -> dir != null && dir.chars().noneMatch(c -> "*?[{".indexOf(c) >= 0)).toList());
        StackResolver.Resolution resolution = new StackResolver(fileName, repositoryRoot, problems)
                .resolve(parsed.get(), directories);
        new OutputsPathCheck(fileName, configFile, repositoryRoot, problems).check(parsed.get(), resolution.stacks());
        List<Problem> found = new ArrayList<>(resolution.warnings());
        found.addAll(discovery.warnings());
        StateDependencies states = problems.isEmpty() ? StateMatcher.match(repositoryRoot, displayRoot, resolution.stacks().stream()
                .filter(s -> s.tool() != Tool.PULUMI).map(s -> new ModuleStack(s.id(), s.dir(), s.name(), s.autoDepends())).toList())
                : StateDependencies.NONE;
        problems.addAll(states.problems());
        found.addAll(states.warnings());
        if (!problems.isEmpty()) {
            return ConfigResult.invalid(sorted(problems), found);
        }
        int parallelism = parsed.get().defaults().get(SettingKey.PARALLELISM).map(Setting::value).orElse(defaultParallelism());
        List<Problem> warnings = new ArrayList<>(found);
        if (resolution.stacks().isEmpty()) {
            warnings.add(new Problem(fileName, 0, 0, "no stacks found: no Pulumi project and no Terraform/OpenTofu root module under "
                    + (displayRoot.isEmpty() ? "this directory" : displayRoot) + (resolution.ignored().isEmpty()
                            ? "" : " (apart from ignored ones)"),
                    "a root module declares terraform { ... } or a backend; a Pulumi project has Pulumi.yaml and Pulumi.<stack>.yaml"));
        }
        StacksConfig config = new StacksConfig(configFile, repositoryRoot, parallelism, resolution.stacks(), warnings, states.edges(),
                states.notes());
        return ConfigResult.valid(config, resolution.ignored(), yaml);
    }

    int defaultParallelism() {
        return Math.max(1, Math.min(cores, MAX_DEFAULT_PARALLELISM));
    }

    /**
     * How files under the repository root are named in problems: as the configuration file was named
     * when it lives at the root ({@code ../demo/app/Pulumi.yaml}), else by the root's own path.
     */
    private static String displayRoot(final String fileName, final Path configFile, final Path repositoryRoot) {
        Path configDir = configFile.toAbsolutePath().normalize().getParent();
        if (configDir != null && !configDir.equals(repositoryRoot.toAbsolutePath().normalize())) {
            return repositoryRoot.toString().replace('\\', '/') + "/";
        }
        int slash = fileName.lastIndexOf('/');
        return slash < 0 ? "" : fileName.substring(0, slash + 1);
    }

    private static List<Problem> sorted(final List<Problem> problems) {
        return problems.stream()
                .sorted(Comparator.comparing(Problem::file).thenComparingInt(Problem::line).thenComparingInt(Problem::column))
                .toList();
    }
}
