package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.jenkins.plugins.stackdrift.steps.Messages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stand-in build's Messages mirrors (one per package that has a Messages.properties) offer exactly the
 * methods the localizer generates in the real build (key A.b → A_b with one Object per {n}), so code that
 * compiles here compiles there.
 */
class MessagesMirrorTest {
    @ParameterizedTest
    @ValueSource(classes = {Messages.class, Messages.class,
            io.jenkins.plugins.stackdrift.trigger.Messages.class, io.jenkins.plugins.stackdrift.actions.Messages.class,
            io.jenkins.plugins.stackdrift.credentials.Messages.class})
    void everyKeyHasItsGeneratedMethodAndNothingElse(final Class<?> messages) throws Exception {
        Properties properties = new Properties();
        try (InputStream in = messages.getResourceAsStream("Messages.properties")) {
            assertThat(in).as("Messages.properties beside " + messages.getName()).isNotNull();
            properties.load(in);
        }
        for (String key : properties.stringPropertyNames()) {
            Matcher m = Pattern.compile("\\{(\\d+)}").matcher(properties.getProperty(key));
            int args = (int) m.results().map(r -> r.group(1)).distinct().count();
            Class<?>[] params = new Class<?>[args];
            Arrays.fill(params, Object.class);
            Method method = messages.getMethod(key.replace('.', '_'), params);
            assertThat(method.getReturnType()).isEqualTo(String.class);
        }
        long publicStatic = Arrays.stream(messages.getDeclaredMethods())
                .filter(x -> Modifier.isPublic(x.getModifiers()) && x.getReturnType() == String.class).count();
        assertThat(publicStatic).isEqualTo(properties.size());
    }

    /**
     * The display names a user reads (getDisplayName, getShortDescription) whose body holds a string literal: they
     * come from Messages, so they can be translated. Each as {@code File: method}.
     */
    static List<String> hardCodedNames(final String file, final String source) {
        List<String> found = new ArrayList<>();
        // the body ends at the closing brace indented as the method's line
        Matcher method = Pattern.compile("(?m)^( +)public String (getDisplayName|getShortDescription)\\(\\) \\{(.*?)\\n\\1}",
                Pattern.DOTALL).matcher(source);
        while (method.find()) {
            if (method.group(3).contains("\"")) {
                found.add(file + ": " + method.group(2));
            }
        }
        return found;
    }

    @Test
    void noDisplayNameIsHardCodedEnglish() throws Exception {
        List<String> found = new ArrayList<>();
        long names = 0;
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            for (Path file : sources.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file, StandardCharsets.UTF_8);
                names += Pattern.compile("public String (getDisplayName|getShortDescription)\\(\\)").matcher(source).results().count();
                found.addAll(hardCodedNames(file.getFileName().toString(), source));
            }
        }
        assertThat(names).as("display names looked at").isGreaterThan(8);
        assertThat(found).isEmpty();
    }

    @Test
    void aPlantedHardCodedDisplayNameIsFound() {
        String planted = "final class Planted {\n    @Override\n    public String getDisplayName() {\n"
                + "        return destroy ? \"Approve destroy\" : Messages.ok();\n    }\n}\n";
        assertThat(hardCodedNames("Planted.java", planted)).containsExactly("Planted.java: getDisplayName");
        assertThat(hardCodedNames("Fine.java", planted.replace("\"Approve destroy\"", "Messages.destroy()"))).isEmpty();
    }

    @Test
    void formatsArgumentsLikeMessageFormat() {
        assertThat(io.jenkins.plugins.stackdrift.credentials.Messages.credentialsNotFound("aws-prod"))
                .isEqualTo("credentials 'aws-prod' not found");
    }
}
