package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    @Test
    void formatsArgumentsLikeMessageFormat() {
        assertThat(io.jenkins.plugins.stackdrift.credentials.Messages.credentialsNotFound("aws-prod"))
                .isEqualTo("credentials 'aws-prod' not found");
    }
}
