package io.jenkins.plugins.casc.misc;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Retention;
import java.lang.annotation.Target;

// the real annotation also has expected() and message(), both with defaults (expected's is JUnit 4's Test.None)
@Target({METHOD, FIELD})
@Retention(RUNTIME)
public @interface ConfiguredWithCode {
    String[] value();
}
