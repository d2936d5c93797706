package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The stand-in build's Messages mirror offers exactly the methods the localizer generates in the real
 * build (key A.b → A_b with one Object per {n}), so code that compiles here compiles there.
 */
class MessagesMirrorTest {
    @Test
    void everyKeyHasItsGeneratedMethodAndNothingElse() throws Exception {
        Properties properties = new Properties();
        try (InputStream in = Messages.class.getResourceAsStream("Messages.properties")) {
            properties.load(in);
        }
        for (String key : properties.stringPropertyNames()) {
            Matcher m = Pattern.compile("\\{(\\d+)}").matcher(properties.getProperty(key));
            int args = (int) m.results().map(r -> r.group(1)).distinct().count();
            Class<?>[] params = new Class<?>[args];
            Arrays.fill(params, Object.class);
            Method method = Messages.class.getMethod(key.replace('.', '_'), params);
            assertThat(method.getReturnType()).isEqualTo(String.class);
        }
        long publicStatic = Arrays.stream(Messages.class.getDeclaredMethods())
                .filter(x -> java.lang.reflect.Modifier.isPublic(x.getModifiers()) && x.getReturnType() == String.class).count();
        assertThat(publicStatic).isEqualTo(properties.size());
    }

    @Test
    void formatsArgumentsLikeMessageFormat() {
        assertThat(Messages.credentialsNotFound("aws-prod")).isEqualTo("credentials 'aws-prod' not found");
    }
}
