package io.stackdrift.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlMap;
import io.stackdrift.model.Problem;

/**
 * Walks the repository and describes every directory that holds a Pulumi project or Terraform/OpenTofu
 * files. Skips hidden directories (.git, .terraform …) and node_modules, never follows links, and reads
 * at most the first megabyte of any file: it only needs to see a {@code terraform {} } block or a
 * registry name.
 */
final class StackDiscovery {
    private static final Set<String> SKIPPED = Set.of("node_modules");
    private static final Pattern TERRAFORM_BLOCK = Pattern.compile("(?m)^[ \\t]*terraform[ \\t]*\\{");
    private static final Pattern BACKEND_BLOCK = Pattern.compile("(?m)^[ \\t]*(backend|cloud)[ \\t]*(\"[^\"]*\")?[ \\t]*\\{");
    private static final Pattern PULUMI_STACK_FILE = Pattern.compile("Pulumi\\.(.+)\\.ya?ml");
    private static final int READ_LIMIT = 1 << 20;
    private static final int MAX_DEPTH = 30;

    private final Path root;
    private final String displayRoot;
    private final List<Problem> problems;

    /**
     * @param displayRoot how the root is shown in problems about files under it ("" or "examples/demo/")
     */
    StackDiscovery(final Path root, final String displayRoot, final List<Problem> problems) {
        this.root = root;
        this.displayRoot = displayRoot;
        this.problems = problems;
    }

    /** What the scan could not see: directories deeper than it searches (a warning, with the first of them). */
    private final List<Problem> warnings = new ArrayList<>();

    List<ProjectDirectory> scan() {
        return scan(List.of());
    }

    List<Problem> warnings() {
        return List.copyOf(warnings);
    }

    /**
     * @param exactDirs the {@code dir:} values without glob characters: those deeper than the search goes are
     *                  described directly, so an exact deep {@code dir:} is found
     */
    List<ProjectDirectory> scan(final List<String> exactDirs) {
        List<ProjectDirectory> found = new ArrayList<>();
        List<String> tooDeep = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            problems.add(new Problem(displayRoot.isEmpty() ? "." : displayRoot, 0, 0,
                    "cannot read the repository directory: " + root + " is not a directory", "check that it exists and is readable"));
            return found;
        }
        try {
            Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(final Path dir, final BasicFileAttributes attributes) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    if (!dir.equals(root) && (name.startsWith(".") || SKIPPED.contains(name))) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    try {
                        describe(dir).ifPresent(found::add);
                    } catch (IOException e) {
                        // an unreadable directory holds no stack we could run either
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(final Path file, final BasicFileAttributes attributes) {
                    // at the depth limit a directory arrives here instead of in preVisitDirectory
                    String name = file.getFileName() == null ? "" : file.getFileName().toString();
                    if (attributes.isDirectory() && !name.startsWith(".") && !SKIPPED.contains(name)) {
                        tooDeep.add(relative(file));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(final Path file, final IOException e) {
                    return FileVisitResult.CONTINUE; // an unreadable corner of the tree holds no stack we could run
                }
            });
        } catch (IOException e) {
            problems.add(new Problem(displayRoot.isEmpty() ? "." : displayRoot, 0, 0,
                    "cannot read the repository directory: " + YamlReader.oneLine(e.getMessage()), "check that it exists and is readable"));
        }
        Set<String> seen = new HashSet<>();
        found.forEach(d -> seen.add(d.dir()));
        for (String exact : exactDirs) {
            Path dir = root.resolve(exact).normalize();
            if (dir.startsWith(root) && root.relativize(dir).getNameCount() >= MAX_DEPTH && seen.add(relative(dir))
                    && Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    describe(dir).ifPresent(found::add);
                } catch (IOException e) {
                    // unreadable: the entry's own check says it holds no stack
                }
            }
        }
        if (!tooDeep.isEmpty()) {
            Collections.sort(tooDeep);
            warnings.add(new Problem(displayRoot.isEmpty() ? "." : displayRoot, 0, 0, tooDeep.size() + " director"
                    + (tooDeep.size() == 1 ? "y is" : "ies are") + " more than " + (MAX_DEPTH - 1)
                            + " levels deep and not searched for stacks, e.g. "
                    + tooDeep.get(0), "name a stack that deep with its exact directory: dir: " + tooDeep.get(0) + "/…"));
        }
        found.sort(Comparator.comparing(ProjectDirectory::dir));
        return found;
    }

    private Optional<ProjectDirectory> describe(final Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> entries = Files.list(dir)) {
            files = entries.filter(Files::isRegularFile).sorted().toList();
        }
        String relative = relative(dir);
        boolean underModules = Stream.of(relative.split("/")).anyMatch("modules"::equals);
        Path pulumiYaml = files.stream().filter(f -> name(f).equals("Pulumi.yaml") || name(f).equals("Pulumi.yml")).findFirst()
                .orElse(null);
        List<Path> terraformFiles = files.stream().filter(f -> name(f).endsWith(".tf") || name(f).endsWith(".tofu")).toList();
        if (pulumiYaml == null && terraformFiles.isEmpty()) {
            return Optional.empty();
        }
        String project = pulumiYaml == null ? "" : pulumiProjectName(pulumiYaml);
        if (pulumiYaml != null && project.isEmpty()) {
            return Optional.empty(); // reported; without a name there is no stack id
        }
        List<String> pulumiStacks = new ArrayList<>();
        for (Path file : files) {
            var matcher = PULUMI_STACK_FILE.matcher(name(file));
            if (pulumiYaml != null && matcher.matches()) {
                pulumiStacks.add(matcher.group(1));
            }
        }
        Path lock = dir.resolve(".terraform.lock.hcl");
        boolean hasLock = Files.isRegularFile(lock);
        boolean rootModule = hasLock || files.stream().anyMatch(f -> name(f).endsWith(".tfbackend"));
        boolean tofuFiles = terraformFiles.stream().anyMatch(f -> name(f).endsWith(".tofu"));
        for (Path file : terraformFiles) {
            if (rootModule) {
                break;
            }
            String text = head(file);
            rootModule = TERRAFORM_BLOCK.matcher(text).find() || BACKEND_BLOCK.matcher(text).find();
        }
        boolean openTofu = tofuFiles || hasLock && head(lock).contains("registry.opentofu.org");
        return Optional.of(new ProjectDirectory(relative, project, pulumiStacks, !terraformFiles.isEmpty(), rootModule, openTofu,
                underModules));
    }

    private String pulumiProjectName(final Path pulumiYaml) throws IOException {
        String shown = displayRoot + relative(pulumiYaml);
        List<Problem> found = new ArrayList<>();
        Optional<YamlNode> document = YamlReader.read(shown, head(pulumiYaml), found);
        problems.addAll(found);
        if (document.isEmpty()) {
            return "";
        }
        Optional<String> name = document.get() instanceof YamlMap map
                ? map.entry("name").map(e -> e.value() instanceof Scalar s && !s.isNull() ? s.text().strip() : "")
                : Optional.empty();
        if (name.isEmpty() || name.get().isEmpty()) {
            problems.add(document.get().at().problem(shown, "this Pulumi project has no `name:`; the name is part of every stack id",
                    "name: " + (pulumiYaml.getParent().getFileName() == null ? "my-project" : pulumiYaml.getParent().getFileName())
                            + "\nruntime: nodejs"));
            return "";
        }
        return name.get();
    }

    private String relative(final Path path) {
        String relative = root.relativize(path).toString().replace('\\', '/');
        return relative.isEmpty() ? "." : relative;
    }

    private static String name(final Path file) {
        return file.getFileName().toString();
    }

    private static String head(final Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(READ_LIMIT), StandardCharsets.UTF_8);
        }
    }
}
