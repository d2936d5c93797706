package io.stackdrift.architecture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Names of the project's own classes written in prose — {@code `record.AtomicFiles`} (a package of ours and a class),
 * {@code `core/src/…/Foo.java`} (a source path), {@code `SomethingTest`} (a test class) — that no longer name a class of
 * the repository. Javadoc's links are checked by javac ({@code -Xdoclint:reference}); prose is not, so a
 * moved or renamed class left stale text behind (review 3 found two).
 */
final class DocumentedNames {
    /** The short package names the docs use, and where each lives. */
    static final Map<String, List<String>> PACKAGES = Map.ofEntries(
            Map.entry("model", List.of("core/src/main/java/io/stackdrift/model")),
            Map.entry("config", List.of("core/src/main/java/io/stackdrift/config")),
            Map.entry("tfconfig", List.of("core/src/main/java/io/stackdrift/tfconfig")),
            Map.entry("plan", List.of("core/src/main/java/io/stackdrift/plan")),
            Map.entry("spi", List.of("core/src/main/java/io/stackdrift/spi")),
            Map.entry("local", List.of("core/src/main/java/io/stackdrift/local")),
            Map.entry("tool", List.of("core/src/main/java/io/stackdrift/tool")),
            Map.entry("record", List.of("core/src/main/java/io/stackdrift/record")),
            Map.entry("drift", List.of("core/src/main/java/io/stackdrift/drift")),
            Map.entry("ownership", List.of("core/src/main/java/io/stackdrift/ownership")),
            Map.entry("digest", List.of("core/src/main/java/io/stackdrift/digest")),
            Map.entry("graph", List.of("core/src/main/java/io/stackdrift/graph")),
            Map.entry("shard", List.of("core/src/main/java/io/stackdrift/shard")),
            Map.entry("deploy", List.of("core/src/main/java/io/stackdrift/deploy")),
            Map.entry("render", List.of("core/src/main/java/io/stackdrift/render")),
            Map.entry("engine", List.of("core/src/main/java/io/stackdrift/engine")),
            Map.entry("runner", List.of("core/src/main/java/io/stackdrift/runner")),
            Map.entry("cli", List.of("cli/src/main/java/io/stackdrift/cli")),
            Map.entry("agent", List.of("plugin/src/main/java/io/jenkins/plugins/stackdrift/agent")),
            Map.entry("steps", List.of("plugin/src/main/java/io/jenkins/plugins/stackdrift/steps")),
            Map.entry("actions", List.of("plugin/src/main/java/io/jenkins/plugins/stackdrift/actions")),
            Map.entry("credentials", List.of("plugin/src/main/java/io/jenkins/plugins/stackdrift/credentials")),
            Map.entry("history", List.of("plugin/src/main/java/io/jenkins/plugins/stackdrift/history")),
            Map.entry("trigger", List.of("plugin/src/main/java/io/jenkins/plugins/stackdrift/trigger")));
    private static final Pattern QUALIFIED = Pattern.compile("(?:`|\\{@code )([a-z]+)\\.([A-Z][A-Z0-9]*[a-z][A-Za-z0-9]*)");
    private static final Pattern SOURCE_PATH = Pattern.compile("`((?:core|cli|plugin|jenkins-stand-in)/src/[^`\\s]+\\.java)");
    private static final Pattern TEST_CLASS = Pattern.compile("`([A-Z][A-Za-z0-9]*I?Test)[`#.(]");

    private DocumentedNames() {
    }

    /** The Java sources whose javadoc prose (a code tag naming {@code pkg.Class}) is read too. */
    static List<Path> javaSources(final Path root) throws IOException {
        List<Path> sources = new ArrayList<>();
        for (String tree : List.of("core/src/main/java", "core/src/test/java", "cli/src/main/java", "cli/src/test/java",
                "plugin/src/main/java", "plugin/src/test/java")) {
            if (Files.isDirectory(root.resolve(tree))) {
                try (Stream<Path> files = Files.walk(root.resolve(tree))) {
                    // not this check's own files, whose examples name classes that are not there on purpose
                    files.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().startsWith("DocumentedNames"))
                            .sorted().forEach(sources::add);
                }
            }
        }
        return sources;
    }

    /** Each stale name as {@code file:line: name}; empty when every name is a class of the repository. */
    static List<String> stale(final Path root, final List<Path> documents) throws IOException {
        Set<String> testClasses = testClasses(root);
        List<String> problems = new ArrayList<>();
        for (Path document : documents) {
            List<String> lines = Files.readAllLines(document, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String where = root.relativize(document) + ":" + (i + 1) + ": ";
                String line = lines.get(i);
                Matcher qualified = QUALIFIED.matcher(line);
                while (qualified.find()) {
                    List<String> dirs = PACKAGES.get(qualified.group(1));
                    String file = qualified.group(2) + ".java";
                    if (dirs != null && dirs.stream().noneMatch(dir -> Files.isRegularFile(root.resolve(dir).resolve(file)))) {
                        problems.add(where + qualified.group(1) + "." + qualified.group(2) + " is no class of that package");
                    }
                }
                Matcher path = SOURCE_PATH.matcher(line);
                while (path.find()) {
                    if (!Files.isRegularFile(root.resolve(path.group(1)))) {
                        problems.add(where + path.group(1) + " does not exist");
                    }
                }
                Matcher test = TEST_CLASS.matcher(line);
                while (test.find()) {
                    if (!testClasses.contains(test.group(1))) {
                        problems.add(where + test.group(1) + " is no test class of the repository");
                    }
                }
            }
        }
        return problems;
    }

    private static Set<String> testClasses(final Path root) throws IOException {
        Set<String> names = new HashSet<>();
        for (String module : List.of("core", "cli", "plugin")) {
            Path tests = root.resolve(module).resolve("src/test/java");
            if (!Files.isDirectory(tests)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(tests)) {
                files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
                        .forEach(n -> names.add(n.substring(0, n.length() - ".java".length())));
            }
        }
        return names;
    }
}
