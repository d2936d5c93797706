package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;

import io.jenkins.plugins.stackdrift.steps.CheckDriftStep;
import io.jenkins.plugins.stackdrift.steps.DeployStacksStep;
import io.jenkins.plugins.stackdrift.steps.PreviewStacksStep;
import io.jenkins.plugins.stackdrift.steps.StackShardsStep;
import io.jenkins.plugins.stackdrift.steps.ValidateStacksStep;
import io.jenkins.plugins.stackdrift.trigger.DriftScheduleTrigger;
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

    /** Getters that return the core's render fragments (HTML-escaped by the core), the only things given to j:out. */
    private static final List<String> CORE_FRAGMENTS = List.of("${it.buildFragment}", "${it.fragment}", "${it.countsHtml}",
            "${step.countsHtml}");

    @Test
    void everyJellyIsWellFormedEscapesByDefaultAndHasNoInlineScriptOrStyleAndRawOutputOnlyForCoreFragments() throws Exception {
        List<Path> jellies = files(".jelly");
        assertThat(jellies).hasSizeGreaterThan(10);
        for (Path jelly : jellies) {
            String text = Files.readString(jelly, StandardCharsets.UTF_8);
            assertThat(text).as(jelly.toString()).startsWith("<?jelly escape-by-default='true'?>")
                    .doesNotContain("style=").doesNotContain("<style");
            // scripts only as files (CSP): every <script> has a src and no body
            Matcher script = Pattern.compile("<script([^>]*)>").matcher(text);
            while (script.find()) {
                assertThat(script.group(1)).as(jelly + ": " + script.group()).contains("src=").endsWith("/");
            }
            // raw output only for the core's fragments, which escape everything they write
            Matcher raw = Pattern.compile("<j:out value=\"([^\"]*)\"").matcher(text);
            while (raw.find()) {
                assertThat(raw.group(1)).as(jelly.toString()).isIn(CORE_FRAGMENTS);
            }
            assertThat(text.split("<j:out", -1).length - 1).as(jelly + ": every j:out is a core fragment")
                    .isEqualTo((int) Pattern.compile("<j:out value=\"([^\"]*)\"").matcher(text).results().count());
            // a localized text's key is read as an expression: a parenthesis in it breaks the page
            assertThat(Pattern.compile("\\$\\{%[^}]*[()]").matcher(text).find()).as(jelly + ": a ( or ) in ${%…}").isFalse();
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(jelly.toFile());
        }
    }

    @Test
    void everyParameterHasAHelpFileAndEveryStepAHelpPage() {
        for (Class<?> type : List.of(ValidateStacksStep.class, PreviewStacksStep.class, CheckDriftStep.class,
                DeployStacksStep.class, StackShardsStep.class, StackDriftGlobalConfiguration.class, StackDriftFolderProperty.class,
                Durability.class)) {
            for (Method setter : type.getMethods()) {
                if (setter.isAnnotationPresent(DataBoundSetter.class)) {
                    String field = Character.toLowerCase(setter.getName().charAt(3)) + setter.getName().substring(4);
                    assertThat(helpFound(type, "help-" + field + ".html")).as(type.getSimpleName() + "." + field).isTrue();
                }
            }
        }
        for (Class<?> step : List.of(ValidateStacksStep.class, PreviewStacksStep.class, CheckDriftStep.class,
                DeployStacksStep.class, StackShardsStep.class, DriftScheduleTrigger.class)) {
            assertThat(helpFound(step, "help.html")).as(step.getSimpleName()).isTrue();
            assertThat(helpFound(step, "config.jelly")).as(step.getSimpleName()).isTrue();
        }
        assertThat(helpFound(DriftScheduleTrigger.class, "help-spec.html")).isTrue();
        // stackShards' one constructor parameter
        assertThat(helpFound(StackShardsStep.class, "help-count.html")).isTrue();
    }

    private static boolean helpFound(final Class<?> type, final String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getResource(c.getSimpleName() + "/" + name) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * What is wrong with a form: a result word ({@code ...Result} field) that is not a select, and a select whose
     * descriptor has no {@code doFill<Field>Items} (Stapler would show it empty). One line each.
     */
    static List<String> formProblems(final String name, final String jelly, final Class<?> descriptor) {
        List<String> problems = new ArrayList<>();
        Matcher entry = Pattern.compile("<f:entry field=\"([^\"]+)\"[^>]*>(.*?)</f:entry>", Pattern.DOTALL).matcher(jelly);
        while (entry.find()) {
            String field = entry.group(1);
            boolean select = entry.group(2).contains("<f:select");
            if (field.endsWith("Result") && !select) {
                problems.add(name + ": " + field + " is a result word, so a select");
            }
            String fill = "doFill" + Character.toUpperCase(field.charAt(0)) + field.substring(1) + "Items";
            if (select && Arrays.stream(descriptor.getMethods()).noneMatch(m -> m.getName().equals(fill))) {
                problems.add(name + ": " + field + " is a select without " + descriptor.getSimpleName() + "." + fill);
            }
        }
        return problems;
    }

    @Test
    void resultWordsAreSelectsAndEverySelectIsFilled() throws Exception {
        Map<Class<?>, Class<?>> forms = Map.of(ValidateStacksStep.class, ValidateStacksStep.DescriptorImpl.class,
                PreviewStacksStep.class, PreviewStacksStep.DescriptorImpl.class, CheckDriftStep.class, CheckDriftStep.DescriptorImpl.class,
                DeployStacksStep.class, DeployStacksStep.DescriptorImpl.class, StackShardsStep.class, StackShardsStep.DescriptorImpl.class,
                StackDriftGlobalConfiguration.class,
                StackDriftGlobalConfiguration.class, DriftScheduleTrigger.class, DriftScheduleTrigger.DescriptorImpl.class,
                StackDriftFolderProperty.class, StackDriftFolderProperty.DescriptorImpl.class);
        int selects = 0;
        for (Map.Entry<Class<?>, Class<?>> form : forms.entrySet()) {
            Path jelly = RESOURCES.resolve(form.getKey().getName().replace('.', '/')).resolve("config.jelly");
            String text = Files.readString(jelly, StandardCharsets.UTF_8);
            assertThat(formProblems(jelly.toString(), text, form.getValue())).isEmpty();
            selects += text.split("<f:select", -1).length - 1;
        }
        assertThat(selects).as("2 global, 3 in each of three steps, 1 more in checkDrift").isEqualTo(12);
    }

    @Test
    void aPlantedTextboxForAResultAndAPlantedEmptySelectAreFound() {
        String planted = "<f:entry field=\"driftResult\" title=\"x\">\n  <f:textbox placeholder=\"UNSTABLE\"/>\n</f:entry>"
                + "<f:entry field=\"mode\"><f:select/></f:entry>";
        assertThat(formProblems("planted", planted, CheckDriftStep.DescriptorImpl.class)).containsExactly(
                "planted: driftResult is a result word, so a select", "planted: mode is a select without DescriptorImpl.doFillModeItems");
    }

    @Test
    void thePluginHasItsIndexPage() {
        assertThat(RESOURCES.resolve("index.jelly")).exists();
    }
}
