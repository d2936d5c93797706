package org.kohsuke.stapler.export;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Documented
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Exported {
    int visibility() default 0;

    String name() default "";

    boolean inline() default false;

    boolean merge() default false;

    boolean skipNull() default false;

    String verboseMap() default "";
}
