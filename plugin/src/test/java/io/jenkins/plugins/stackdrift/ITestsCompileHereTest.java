package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The *ITest sources compile in this build, against the declaration-only stand-in of the test-only API
 * (jenkins-test-stand-in: JenkinsRule, WorkflowJob, CpsFlowDefinition, the mock SCM, JCasC's harness...), so a mistake
 * the real build's compiler would reject fails here first; they still run only in the real build. Three ITests once
 * met the real harness with a checked exception left unhandled: a planted one of each kind must not compile against
 * the stand-ins on this test class path (and the same code handling them must), the stand-in build must not exclude
 * the ITests from its test compile again, and no type may be declared in both stand-ins.
 */
// the planted sources are Java text, imports and qualified names included
@SuppressWarnings("checkstyle:inlineQualifiedName")
class ITestsCompileHereTest {
    private static final Path STANDIN_POM = Path.of("pom-standin.xml");
    private static final List<Path> STANDINS = List.of(Path.of("../jenkins-stand-in/src/main/java"),
            Path.of("../jenkins-test-stand-in/src/main/java"));

    private static final String IMPORTS = "package planted;\n"
            + "import hudson.model.Result;\n"
            + "import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;\n"
            + "import org.jenkinsci.plugins.workflow.job.WorkflowJob;\n"
            + "import org.jenkinsci.plugins.workflow.job.WorkflowRun;\n"
            + "import org.jvnet.hudson.test.JenkinsRule;\n";

    /** A job helper as DemoPipelineITestSupport's, with {@code throwsClause} after its parameters. */
    private static String jobHelper(final String throwsClause) {
        return IMPORTS + "public final class PlantedITestSupport {\n"
                + "  static WorkflowJob job(JenkinsRule r, String name) " + throwsClause + "{\n"
                + "    WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, name);\n"
                + "    p.setDefinition(new CpsFlowDefinition(\"node { echo 'x' }\", true));\n"
                + "    return p;\n  }\n}\n";
    }

    /** A log read inside a lambda, as an assertion's description would; {@code handled} wraps the IOException. */
    private static String logInALambda(final boolean handled) {
        String read = handled ? "try { return JenkinsRule.getLog(b); } catch (java.io.IOException e) { throw new"
                + " java.io.UncheckedIOException(e); }" : "return JenkinsRule.getLog(b);";
        return IMPORTS + "class PlantedLogITest {\n"
                + "  java.util.function.Supplier<String> log(WorkflowRun b) { return () -> { " + read + " }; }\n"
                + "  boolean failed(WorkflowRun b) { return b.getResult() == Result.FAILURE; }\n}\n";
    }

    /** The compiler's errors for the sources (class name → text), compiled against this test class path. */
    private static List<String> compileErrors(final Path out, final String... namesAndSources) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<JavaFileObject> units = new ArrayList<>();
        for (int i = 0; i < namesAndSources.length; i += 2) {
            String source = namesAndSources[i + 1];
            units.add(new SimpleJavaFileObject(URI.create("string:///planted/" + namesAndSources[i] + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(final boolean ignoreEncodingErrors) {
                    return source;
                }
            });
        }
        // surefire's forked JVM names the test class path here (java.class.path is its booter jar)
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Files.createDirectories(out);
        boolean ok = javac.getTask(null, null, diagnostics, List.of("-classpath", classPath, "-d", out.toString(),
                "-proc:none", "-encoding", StandardCharsets.UTF_8.name()), null, units).call();
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors.add(d.getMessage(Locale.ROOT));
            }
        }
        assertThat(ok).as("compiled: %s", errors).isEqualTo(errors.isEmpty());
        return errors;
    }

    @Test
    void aCheckedExceptionAnITestLeavesUnhandledFailsTheCompileHere(@TempDir final Path temp) throws IOException {
        assertThat(compileErrors(temp.resolve("bad-job"), "PlantedITestSupport", jobHelper("throws java.io.IOException ")))
                .anySatisfy(e -> assertThat(e).contains("unreported exception").contains("FormException"));
        assertThat(compileErrors(temp.resolve("bad-log"), "PlantedLogITest", logInALambda(false)))
                .anySatisfy(e -> assertThat(e).contains("unreported exception").contains("IOException"));
    }

    @Test
    void theSameCodeHandlingItsExceptionsCompiles(@TempDir final Path temp) throws IOException {
        assertThat(compileErrors(temp.resolve("good"), "PlantedITestSupport",
                jobHelper("throws java.io.IOException, hudson.model.Descriptor.FormException "), "PlantedLogITest",
                logInALambda(true))).isEmpty();
    }

    @Test
    void theStandInBuildCompilesTheITests() throws IOException {
        String pom = Files.readString(STANDIN_POM, StandardCharsets.UTF_8);
        assertThat(pom).doesNotContain("<testExclude>").contains("<artifactId>jenkins-test-stand-in</artifactId>");
        assertThat(pom.substring(pom.indexOf("<artifactId>jenkins-test-stand-in</artifactId>")))
                .as("the test stand-in is a test-scoped dependency").startsWith("<artifactId>jenkins-test-stand-in</artifactId>"
                        + "<version>${project.version}</version><scope>test</scope>");
    }

    @Test
    void noTypeIsDeclaredInBothStandIns() throws IOException {
        List<Set<String>> types = new ArrayList<>();
        for (Path root : STANDINS) {
            Set<String> names = new TreeSet<>();
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.toString().endsWith(".java"))
                        .forEach(f -> names.add(root.relativize(f).toString().replace(File.separatorChar, '.')));
            }
            assertThat(names).as("types under %s", root).isNotEmpty();
            types.add(names);
        }
        Set<String> both = new TreeSet<>(types.get(0));
        both.retainAll(types.get(1));
        assertThat(both).isEmpty();
    }
}
