package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.jenkins.plugins.stackdrift.steps.CheckDriftStep;
import io.jenkins.plugins.stackdrift.steps.DeployStacksStep;
import io.jenkins.plugins.stackdrift.steps.PreviewStacksStep;
import io.jenkins.plugins.stackdrift.steps.StackShardsStep;
import io.jenkins.plugins.stackdrift.steps.ValidateStacksStep;
import io.jenkins.plugins.stackdrift.trigger.DriftScheduleTrigger;
import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.CodeVisitorSupport;
import org.codehaus.groovy.ast.builder.AstBuilder;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MapEntryExpression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.control.CompilePhase;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * The Jenkinsfile recipes users copy from README.md and docs/ ({@code ```groovy} blocks): each parses with the Groovy
 * parser, and each call of a Stack Drift step or of the trigger names only parameters the class really has (its
 * {@code @DataBoundConstructor}'s and {@code @DataBoundSetter}s', as Pipeline binds them).
 */
class SnippetsTest {
    private static final Map<String, Class<?>> STEPS = Map.of("validateStacks", ValidateStacksStep.class,
            "previewStacks", PreviewStacksStep.class, "checkDrift", CheckDriftStep.class, "deployStacks", DeployStacksStep.class,
            "driftSchedule", DriftScheduleTrigger.class, "stackShards", StackShardsStep.class);
    private static final Pattern GROOVY_BLOCK = Pattern.compile("(?m)^```groovy\\n(.*?)^```", Pattern.DOTALL);

    /** The parameters Pipeline can bind on the class. */
    static Set<String> parametersOf(final Class<?> type) {
        Set<String> names = new TreeSet<>();
        for (Method method : type.getMethods()) {
            if (method.isAnnotationPresent(DataBoundSetter.class) && method.getName().startsWith("set")) {
                names.add(Character.toLowerCase(method.getName().charAt(3)) + method.getName().substring(4));
            }
        }
        for (Constructor<?> constructor : type.getConstructors()) {
            if (constructor.isAnnotationPresent(DataBoundConstructor.class)) {
                names.addAll(constructorNames(type, constructor));
            }
        }
        return names;
    }

    /** From {@code -parameters}, else from the {@code .stapler} file Stapler's annotation processor writes. */
    private static List<String> constructorNames(final Class<?> type, final Constructor<?> constructor) {
        List<String> names = new ArrayList<>();
        for (Parameter parameter : constructor.getParameters()) {
            if (!parameter.isNamePresent()) {
                return staplerNames(type);
            }
            names.add(parameter.getName());
        }
        return names;
    }

    private static List<String> staplerNames(final Class<?> type) {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".stapler")) {
            assertThat(in).as("constructor parameter names of " + type.getName()).isNotNull();
            Properties properties = new Properties();
            properties.load(in);
            String names = properties.getProperty("constructor", "");
            return names.isEmpty() ? List.of() : List.of(names.split(",", -1));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What is wrong with one snippet: that it does not parse, or a step call's parameter the step does not have. */
    static List<String> problems(final String where, final String snippet) {
        List<ASTNode> nodes;
        try {
            nodes = new AstBuilder().buildFromString(CompilePhase.CONVERSION, true, snippet);
        } catch (RuntimeException e) {
            return List.of(where + ": does not parse: " + e.getMessage().lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("startup failed")).findFirst().orElse(""));
        }
        List<String> problems = new ArrayList<>();
        CodeVisitorSupport calls = new CodeVisitorSupport() {
            @Override
            public void visitMethodCallExpression(final MethodCallExpression call) {
                Class<?> step = STEPS.get(call.getMethodAsString());
                if (step != null && call.getArguments() instanceof TupleExpression arguments) {
                    for (Expression argument : arguments.getExpressions()) {
                        if (argument instanceof MapExpression named) {
                            for (MapEntryExpression entry : named.getMapEntryExpressions()) {
                                String name = entry.getKeyExpression() instanceof ConstantExpression key ? key.getText() : "?";
                                if (!parametersOf(step).contains(name)) {
                                    problems.add(where + ": " + call.getMethodAsString() + " has no parameter " + name);
                                }
                            }
                        }
                    }
                }
                super.visitMethodCallExpression(call);
            }
        };
        nodes.forEach(node -> node.visit(calls));
        return problems;
    }

    /** Each {@code ```groovy} block of the Markdown files, as {@code file:line} → snippet. */
    private static Map<String, String> snippets() throws IOException {
        Map<String, String> snippets = new TreeMap<>();
        Path root = Path.of("..");
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(f -> f.toString().endsWith(".md")).forEach(files::add);
        }
        for (Path file : files) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Matcher block = GROOVY_BLOCK.matcher(text);
            while (block.find()) {
                int line = (int) text.substring(0, block.start()).lines().count() + 1;
                snippets.put(root.relativize(file) + ":" + line, block.group(1));
            }
        }
        return snippets;
    }

    @Test
    void everyJenkinsfileSnippetParsesAndNamesOnlyRealParameters() throws IOException {
        Map<String, String> snippets = snippets();
        assertThat(snippets).as("groovy blocks in README.md and docs/").hasSizeGreaterThan(10);
        List<String> problems = new ArrayList<>();
        snippets.forEach((where, snippet) -> problems.addAll(problems(where, snippet)));
        assertThat(problems).isEmpty();
        assertThat(String.join("\n", snippets.values())).contains("deployStacks(").contains("driftSchedule(");
    }

    @Test
    void theParametersAreTheStepsSetters() {
        assertThat(parametersOf(CheckDriftStep.class)).contains("id", "config", "stacks", "driftResult", "repairedResult", "lockScope")
                .doesNotContain("rehearsal");
        assertThat(parametersOf(DeployStacksStep.class)).contains("rehearsal", "approved", "destroy", "lockTimeout");
        assertThat(parametersOf(DriftScheduleTrigger.class)).containsExactly("branches", "spec");
    }

    @Test
    void aPlantedUnknownParameterAndAPlantedSyntaxErrorAreFound() {
        assertThat(problems("planted", "node { def r = checkDrift(driftResults: 'UNSTABLE', stacks: ['a']) }"))
                .containsExactly("planted: checkDrift has no parameter driftResults");
        assertThat(problems("planted", "pipeline { triggers { driftSchedule(spec: 'H * * * *', every: '1h') } }"))
                .containsExactly("planted: driftSchedule has no parameter every");
        assertThat(problems("planted", "node { checkDrift(stacks: ['a' }")).singleElement().asString()
                .startsWith("planted: does not parse");
        assertThat(problems("fine", "node { deployStacks(rehearsal: true, stacks: ['a']) }")).isEmpty();
    }
}
