package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * What the real build's InjectedTest checks for views (escape PI, well-formed Jelly), plus what no
 * standard test checks: a help file for every step and trigger parameter, found the way Descriptor looks
 * (the class and its superclasses), and no inline script or style (Content-Security-Policy).
 */
class ViewsTest {
    private static final Path RESOURCES = Path.of("src/main/resources");

    private static List<Path> files(final String suffix) throws IOException {
        try (Stream<Path> walk = Files.walk(RESOURCES)) {
            return walk.filter(p -> p.toString().endsWith(suffix)).toList();
        }
    }

    @Test
    void everyJellyIsWellFormedEscapesByDefaultAndHasNoInlineScriptOrStyle() throws Exception {
        List<Path> jellies = files(".jelly");
        assertThat(jellies).hasSizeGreaterThan(10);
        for (Path jelly : jellies) {
            String text = Files.readString(jelly, StandardCharsets.UTF_8);
            assertThat(text).as(jelly.toString()).startsWith("<?jelly escape-by-default='true'?>")
                    .doesNotContain("<script").doesNotContain("style=").doesNotContain("j:out");
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(jelly.toFile());
        }
    }

    @Test
    void everyParameterHasAHelpFileAndEveryStepAHelpPage() {
        for (Class<?> type : List.of(ValidateStacksStep.class, PreviewStacksStep.class, CheckDriftStep.class,
                DeployStacksStep.class, StackDriftGlobalConfiguration.class)) {
            for (Method setter : type.getMethods()) {
                if (setter.isAnnotationPresent(DataBoundSetter.class)) {
                    String field = Character.toLowerCase(setter.getName().charAt(3)) + setter.getName().substring(4);
                    assertThat(helpFound(type, "help-" + field + ".html")).as(type.getSimpleName() + "." + field).isTrue();
                }
            }
        }
        for (Class<?> step : List.of(ValidateStacksStep.class, PreviewStacksStep.class, CheckDriftStep.class,
                DeployStacksStep.class, DriftScheduleTrigger.class)) {
            assertThat(helpFound(step, "help.html")).as(step.getSimpleName()).isTrue();
            assertThat(helpFound(step, "config.jelly")).as(step.getSimpleName()).isTrue();
        }
        assertThat(helpFound(DriftScheduleTrigger.class, "help-spec.html")).isTrue();
    }

    private static boolean helpFound(final Class<?> type, final String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getResource(c.getSimpleName() + "/" + name) != null) {
                return true;
            }
        }
        return false;
    }

    @Test
    void thePluginHasItsIndexPage() {
        assertThat(RESOURCES.resolve("index.jelly")).exists();
    }
}
