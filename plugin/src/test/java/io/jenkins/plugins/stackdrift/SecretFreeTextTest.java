package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Serializable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.tngtech.archunit.core.domain.JavaClass;
import io.jenkins.plugins.stackdrift.agent.ToolCommand;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import org.junit.jupiter.api.Test;

import io.stackdrift.runner.ToolWrapper;
import io.stackdrift.testing.ImportedClasses;

/**
 * What crosses a remoting channel can end up in a log as text: remoting's failed-call message prints the call's
 * arguments, a callable's text names it. So no plugin class that can cross (a {@link Serializable} one) may print its
 * fields the generated way: a record's own {@code toString} (every component, an environment with its secrets), or
 * one inherited from a collection or a map (every entry). Such a class declares a {@code toString} that shows names.
 */
class SecretFreeTextTest {
    private static final String PLANTED = "planted-secret-value";

    /** The plugin's classes that can cross a channel and would print their contents. */
    static List<String> printingTheirContents(final Collection<Class<?>> classes) {
        List<String> found = new ArrayList<>();
        for (Class<?> type : classes) {
            // an anonymous class is a local helper (a map with an eviction rule), not a type made to cross
            if (!Serializable.class.isAssignableFrom(type) || type.isInterface() || type.isEnum() || type.isAnonymousClass()) {
                continue;
            }
            Method toString;
            try {
                toString = type.getMethod("toString");
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e);
            }
            Class<?> from = toString.getDeclaringClass();
            // javac makes a record's own toString final; one written by hand is not (the rule asks for that)
            boolean generated = type.isRecord() && from == type && Modifier.isFinal(toString.getModifiers());
            boolean collection = from.getName().startsWith("java.util.")
                    && (Collection.class.isAssignableFrom(from) || Map.class.isAssignableFrom(from));
            if (generated || collection) {
                found.add(type.getName());
            }
        }
        return found;
    }

    @Test
    void noPluginClassThatCrossesAChannelPrintsItsContents() {
        List<Class<?>> plugin = new ArrayList<>();
        for (JavaClass type : ImportedClasses.mainOf("io.jenkins.plugins.stackdrift")) {
            plugin.add(type.reflect());
        }
        assertThat(plugin).contains(ToolCommand.class, StackCredentials.class);
        assertThat(printingTheirContents(plugin)).isEmpty();
    }

    /** A record that would carry the stack's environment across, with the text javac gives it. */
    record PlantedCommand(List<String> command, Map<String, String> environment) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** A map of secrets that crosses as it is. */
    static final class PlantedEnvironment extends TreeMap<String, String> {
        private static final long serialVersionUID = 1L;
    }

    /** A record with a text of its own that names the variables only. */
    record NamesOnly(Map<String, String> environment) implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public String toString() {
            return "NamesOnly" + environment.keySet();
        }
    }

    @Test
    void theCheckFindsAPlantedRecordAndAPlantedMapAndLetsATextOfNamesPass() {
        assertThat(new PlantedCommand(List.of("tofu"), Map.of("TOKEN", PLANTED)).toString()).contains(PLANTED);

        assertThat(printingTheirContents(List.of(PlantedCommand.class, PlantedEnvironment.class, NamesOnly.class)))
                .containsExactly(PlantedCommand.class.getName(), PlantedEnvironment.class.getName());
    }

    @Test
    void theCommandAToolStartsWithNamesItsVariablesNotTheirValues() {
        ToolCommand command = ToolCommand.of(ToolWrapper.command(Path.of("/ws@tmp/step"), 0, Duration.ofSeconds(1),
                Duration.ZERO, List.of("sh", "-c", "wrapper", "stack-drift", "out", "err", "missing", "tofu", "plan")), "/ws",
                Map.of("TF_VAR_password", PLANTED, "AWS_SECRET_ACCESS_KEY", PLANTED + "$x"));

        assertThat(command.toString()).contains("TF_VAR_password", "AWS_SECRET_ACCESS_KEY", "tofu", "/ws").doesNotContain(PLANTED);
        assertThat(List.of(command).toString()).doesNotContain(PLANTED);
    }
}
