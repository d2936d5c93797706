package io.jenkins.plugins.casc.misc.junit.jupiter;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

// the real annotation also carries @ExtendWith(JenkinsConfiguredWithCodeExtension.class); nothing runs an ITest here
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface WithJenkinsConfiguredWithCode {}
