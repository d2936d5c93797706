package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Checks of the JenkinsRule tests (*ITest), which this build compiles but does not run: read as text, here, so that a
 * mistake fails before the real build runs them. (1) No URL of the plugin's pages is written as a literal: a test
 * builds it from the action's {@code getUrlName()} (or the code's {@code PageUrls}), so a changed URL cannot leave a
 * test opening a page that no longer exists. (2) Every test class that runs a shell — a Pipeline {@code sh}, bash, the
 * demo's bash tools, a Stack Drift step (the plugin runs its tools through a POSIX shell), directly or through any
 * helper of the test sources that does — is {@code @PosixOnly}, so the Windows leg of the CI skips it. (3) A credential
 * is stored only through {@code DemoPipelineITestSupport.addListedCredential}, which also lists its id, as an
 * administrator must for anything to be bound: four ITests stored credentials without listing them, and their stacks
 * failed "named by no allow-list" in the real build.
 */
class ITestSourcesTest {
    private static final Path TESTS = Path.of("src/test/java");
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
    /** What runs a shell, seen in a test's code (its strings included: the Pipeline scripts are strings). */
    private static final Pattern SHELL = Pattern.compile("\\bsh\\s*\\(|\\bsh\\s+\\\\?['\"]|\\bbash\\b|/bin/sh\\b"
            + "|\\bFakeTool\\b(?!\\.class)|\\bnew ProcessBuilder\\b");
    /** A Stack Drift step in a Pipeline that Jenkins runs (a test that only parses snippets runs nothing). */
    private static final Pattern STEP = Pattern.compile("\\b(checkDrift|deployStacks|previewStacks|validateStacks|stackShards)\\s*[(]");
    private static final Pattern PIPELINE = Pattern.compile("\\bCpsFlowDefinition\\b");
    /** What stores a credential in a test's code. */
    private static final Pattern STORES_A_CREDENTIAL = Pattern.compile(
            "\\bnew\\s+StringCredentialsImpl\\b|\\.addCredentials\\s*\\(\\s*Domain\\b");
    /** The one helper that stores a credential, and lists it. */
    private static final Set<String> MAY_STORE_CREDENTIALS = Set.of("DemoPipelineITestSupport");

    /** The source without its comments and imports (strings kept). */
    static String code(final String source) {
        StringBuilder out = new StringBuilder();
        Matcher m = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"|//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL).matcher(source);
        int at = 0;
        while (m.find()) {
            out.append(source, at, m.start());
            out.append(m.group().startsWith("\"") ? m.group() : " ");
            at = m.end();
        }
        // imports name classes without using them
        return out.append(source.substring(at)).toString().replaceAll("(?m)^import [^;]+;", "");
    }

    /** Each string literal of the code that names a page of the plugin, as {@code File: "literal"}. */
    static List<String> literalUrls(final String file, final String source) {
        List<String> found = new ArrayList<>();
        Matcher literal = STRING.matcher(code(source));
        while (literal.find()) {
            if (literal.group().contains("stack-drift")) {
                found.add(file + ": " + literal.group());
            }
        }
        return found;
    }

    /**
     * The test classes (name ending in Test) among {@code sources} (simple class name → source) that run a shell, directly
     * or through another of the sources that does, where neither the class nor the test method that does it is marked
     * {@code @PosixOnly}.
     */
    static Set<String> shellTestsNotPosixOnly(final Map<String, String> sources) {
        Map<String, String> code = new TreeMap<>();
        sources.forEach((name, source) -> code.put(name, code(source)));
        Set<String> running = new TreeSet<>();
        code.forEach((name, text) -> {
            if (SHELL.matcher(text).find() || runsAStep(text)) {
                running.add(name);
            }
        });
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Map.Entry<String, String> source : code.entrySet()) {
                if (!running.contains(source.getKey())
                        && running.stream().anyMatch(helper -> uses(helper).matcher(source.getValue()).find())) {
                    running.add(source.getKey());
                    grew = true;
                }
            }
        }
        Set<String> unmarked = new TreeSet<>();
        for (String name : running) {
            String text = code.get(name);
            if (!name.endsWith("Test") || Pattern.compile("@PosixOnly\\b[^{;]*?\\bclass\\s+" + name + "\\b").matcher(text).find()) {
                continue;
            }
            List<Pattern> markers = new ArrayList<>(List.of(SHELL));
            if (runsAStep(text)) {
                markers.add(STEP);
            }
            running.stream().filter(helper -> !helper.equals(name)).forEach(helper -> markers.add(uses(helper)));
            for (Pattern marker : markers) {
                Matcher m = marker.matcher(text);
                while (m.find()) {
                    if (!inPosixOnlyTest(text, m.start())) {
                        unmarked.add(name);
                    }
                }
            }
        }
        return unmarked;
    }

    /** The sources (class name → source) that store a credential themselves instead of through the listing helper. */
    static Set<String> credentialsStoredUnlisted(final Map<String, String> sources) {
        Set<String> found = new TreeSet<>();
        sources.forEach((name, source) -> {
            if (!MAY_STORE_CREDENTIALS.contains(name) && STORES_A_CREDENTIAL.matcher(code(source)).find()) {
                found.add(name);
            }
        });
        return found;
    }

    private static boolean runsAStep(final String code) {
        return PIPELINE.matcher(code).find() && STEP.matcher(code).find();
    }

    /** A use of a class, not a mention of it as a {@code .class} literal (rules name the classes they look for). */
    private static Pattern uses(final String name) {
        return Pattern.compile("\\b" + name + "\\b(?!\\.class)");
    }

    /** Whether the offset lies in a test method marked {@code @PosixOnly} (its annotations are before its first brace). */
    private static boolean inPosixOnlyTest(final String code, final int at) {
        Matcher test = Pattern.compile("@(Test|ParameterizedTest)\\b").matcher(code);
        int last = -1;
        while (test.find() && test.start() < at) {
            last = test.start();
        }
        if (last < 0) {
            return false;
        }
        int from = Math.max(code.lastIndexOf('}', last), code.lastIndexOf(';', last));
        int to = code.indexOf('{', last);
        return to > 0 && to < at && code.substring(from + 1, to).contains("@PosixOnly");
    }

    private static Map<String, String> testSources() throws IOException {
        return testSourcesExcept(ITestSourcesTest.class);
    }

    /** Every test source by class name, but the checking class's own (its planted instances are its test data). */
    static Map<String, String> testSourcesExcept(final Class<?> checker) throws IOException {
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(TESTS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = file.getFileName().toString().replace(".java", "");
                if (!name.equals(checker.getSimpleName())) {
                    sources.put(name, Files.readString(file, StandardCharsets.UTF_8));
                }
            }
        }
        return sources;
    }

    @Test
    void noITestWritesAUrlOfThePluginAsALiteral() throws IOException {
        List<String> found = new ArrayList<>();
        int itests = 0;
        for (Map.Entry<String, String> source : testSources().entrySet()) {
            if (source.getKey().endsWith("ITest") || source.getKey().endsWith("ITestSupport")) {
                itests++;
                found.addAll(literalUrls(source.getKey(), source.getValue()));
            }
        }
        assertThat(itests).as("ITest sources read").isGreaterThan(8);
        assertThat(found).isEmpty();
    }

    @Test
    void everyTestThatRunsAShellIsPosixOnly() throws IOException {
        Map<String, String> sources = testSources();
        assertThat(shellTestsNotPosixOnly(sources)).isEmpty();
    }

    @Test
    void everyCredentialAnITestStoresIsListed() throws IOException {
        assertThat(credentialsStoredUnlisted(testSources())).isEmpty();
    }

    @Test
    void aPlantedCredentialStoredWithoutItsListIsFound() {
        String stored = "@WithJenkins\nclass PlantedITest {\n  void t() {\n"
                + "    CredentialsProvider.lookupStores(r.jenkins).iterator().next().addCredentials(Domain.global(),\n"
                + "        new StringCredentialsImpl(CredentialsScope.GLOBAL, \"k\", \"t\", s));\n  }\n}\n";
        String listed = "@WithJenkins\nclass PlantedListedITest {\n"
                + "  void t() { DemoPipelineITestSupport.addListedCredential(r, \"k\", \"v\"); }\n}\n";
        String inComment = "class PlantedQuietITest {\n  // new StringCredentialsImpl(...) was the old way\n}\n";
        assertThat(credentialsStoredUnlisted(Map.of("PlantedITest", stored, "PlantedListedITest", listed, "PlantedQuietITest",
                inComment))).containsExactly("PlantedITest");
    }

    @Test
    void aPlantedLiteralUrlIsFoundButNotInAComment() {
        String planted = "class PlantedITest {\n  // wc.getPage(b, \"stack-drift/\") was the old way\n"
                + "  void t() { wc.getPage(b, \"stack-drift-check/\"); wc.getPage(b, action.getUrlName() + \"/stack/net/\"); }\n}\n";
        assertThat(literalUrls("PlantedITest", planted)).containsExactly("PlantedITest: \"stack-drift-check/\"");
    }

    @Test
    void aPlantedShellTestWithoutPosixOnlyIsFoundWhateverHelperItUses() {
        String helper = "public final class PlantedSupport {\n  static String job() { return \"node { sh 'cp -R a b' }\"; }\n}\n";
        String direct = "@WithJenkins\nclass PlantedDirectITest {\n  void t() { run(\"node { bash './x' }\"); }\n}\n";
        String throughHelper = "@WithJenkins\nclass PlantedHelperITest {\n  void t() { PlantedSupport.job(); }\n}\n";
        String step = "@WithJenkins\nclass PlantedStepITest {\n  Object d = new CpsFlowDefinition(\"node { checkDrift() }\", true);\n}\n";
        String parsesOnly = "class PlantedParserTest {\n  List<String> p = problems(\"node { checkDrift(stacks: ['a']) }\");\n}\n";
        String marked = "@WithJenkins\n@PosixOnly\nclass PlantedMarkedITest {\n  void t() { PlantedSupport.job(); }\n}\n";
        String inComment = "@WithJenkins\nclass PlantedQuietITest {\n  // no sh 'x' here, nor bash\n  void t() { }\n}\n";
        assertThat(shellTestsNotPosixOnly(Map.of("PlantedSupport", helper, "PlantedDirectITest", direct, "PlantedHelperITest",
                throughHelper, "PlantedStepITest", step, "PlantedMarkedITest", marked, "PlantedQuietITest", inComment,
                "PlantedParserTest", parsesOnly)))
                .containsExactly("PlantedDirectITest", "PlantedHelperITest", "PlantedStepITest");
    }
}
