package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Rules over the repository's text that no compiler sees: the docs and comments cite no file outside the repository,
 * and every named suppression names a rule the quality gate has (a suppression of a rule that is not configured hides
 * nothing today and silently hides the next rule of that name). Each rule is also shown failing on planted text.
 */
class RepositoryRulesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path CHECKSTYLE = ROOT.resolve("config/checkstyle/checkstyle.xml");
    private static final Pattern SUPPRESSION = Pattern.compile(
            "@SuppressWarnings\\(\\{?[^)]*\"checkstyle:(\\w+)\"|CHECKSTYLE\\.OFF: (\\w+)");

    /** The pattern Checkstyle's {@code noSpecReference} rule uses, as the configuration has it. */
    static Pattern specReference() throws IOException {
        String config = Files.readString(CHECKSTYLE, StandardCharsets.UTF_8);
        Matcher rule = Pattern.compile("<property name=\"id\" value=\"noSpecReference\"/>.*?"
                + "<property name=\"format\" value=\"([^\"]+)\"/>\\s*<property name=\"ignoreCase\" value=\"true\"/>",
                Pattern.DOTALL).matcher(config);
        assertThat(rule.find()).as("the noSpecReference rule with ignoreCase in %s", CHECKSTYLE).isTrue();
        return Pattern.compile(rule.group(1).replace("&amp;", "&"), Pattern.CASE_INSENSITIVE);
    }

    /** The README's first steps on a repository of one's own keep what a run writes out of git: the record and outputs. */
    @Test
    void theReadmesFirstStepsGitignoreTheRecordAndTheOutputsDirectory() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf("## On a repository of your own");
        assertThat(start).as("the README's first steps").isNotNegative();
        String steps = readme.substring(start, readme.indexOf("```", readme.indexOf("```", start) + 3));
        List<String> ignoring = steps.lines().filter(line -> line.contains(">> .gitignore")).toList();
        assertThat(ignoring).as("lines adding to .gitignore").isNotEmpty();
        assertThat(String.join("\n", ignoring)).contains(".stackdrift/", "out/");
    }

    @Test
    void theSpecRuleCatchesEveryWayOfCitingAFileOutsideTheRepository() throws IOException {
        Pattern rule = specReference();
        assertThat(List.of("// spec \u00a75",
                " * Spec \u00a77: the digest", "see SPEC \u00a73", "(reference iac-formats \u00a7A7)", "(reference \u00a7A7)"))
                .allMatch(line -> rule.matcher(line).find());
        assertThat(List.of("// docs/digest.md, \"Which files\"", " * the spec of the run JSON is docs/cli.md"))
                .noneMatch(line -> rule.matcher(line).find());
    }

    @Test
    void noPageOfTheDocsCitesTheSpecOrTheWorkplacesReference() throws IOException {
        Pattern rule = specReference();
        List<String> citations = new ArrayList<>();
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
        }
        pages.forEach(page -> lines(page).forEach(line -> {
            if (rule.matcher(line).find() && !line.contains("no \"spec \u00a7N\"")) {
                citations.add(ROOT.relativize(page) + ": " + line.strip());
            }
        }));
        assertThat(citations).isEmpty();
    }

    @Test
    void aSuppressionNamingARuleTheGateDoesNotHaveIsFound() throws IOException {
        Set<String> configured = configuredRules();
        assertThat(unconfigured(List.of("    @SuppressWarnings(\"checkstyle:ParameterNumber\") // planted"), configured))
                .containsExactly("ParameterNumber");
        assertThat(unconfigured(List.of("    // CHECKSTYLE.OFF: LineLength - a planted URL table"), configured)).isEmpty();
    }

    @Test
    void everyNamedSuppressionNamesAConfiguredRule() throws IOException {
        Set<String> configured = configuredRules();
        Set<String> unknown = new TreeSet<>();
        for (String module : List.of("core", "cli", "plugin")) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(module).resolve("src"))) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> unknown.addAll(unconfigured(lines(f), configured)));
            }
        }
        assertThat(unknown).as("rules named in suppressions but not configured in %s", CHECKSTYLE).isEmpty();
    }

    private static Set<String> configuredRules() throws IOException {
        Set<String> rules = new TreeSet<>();
        Matcher m = Pattern.compile("<module name=\"(\\w+)\"|<property name=\"id\" value=\"(\\w+)\"")
                .matcher(Files.readString(CHECKSTYLE, StandardCharsets.UTF_8));
        while (m.find()) {
            rules.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return rules;
    }

    private static Set<String> unconfigured(final List<String> lines, final Set<String> configured) {
        Set<String> unknown = new TreeSet<>();
        for (String line : lines) {
            Matcher m = SUPPRESSION.matcher(line);
            while (m.find()) {
                String rule = m.group(1) != null ? m.group(1) : m.group(2);
                if (!configured.contains(rule)) {
                    unknown.add(rule);
                }
            }
        }
        return unknown;
    }

    private static List<String> lines(final Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
