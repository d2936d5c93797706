package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import hudson.model.Action;
import hudson.model.ModelObject;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.StaplerFallback;
import org.kohsuke.stapler.StaplerOverridable;
import org.kohsuke.stapler.StaplerProxy;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;

import io.stackdrift.testing.ImportedClasses;

/**
 * Core's routing filter (jenkins.security.stapler.TypedFilter) lets a URL reach an object only when its type is
 * routable: {@code @StaplerAccessibleType} (which ModelObject carries), StaplerProxy / StaplerFallback /
 * StaplerOverridable, or a type with a web method of its own, on itself or a supertype. Anything else is a 404.
 * So every object a page of ours routes to through a token getter ({@code get<X>(String)}, {@code getDynamic})
 * must be of such a type, from every action and, in turn, from every object reached that way.
 */
class RoutableTypesTest {
    @Test
    void everyObjectAPageRoutesToIsOfARoutableType() {
        assertThat(unroutable(actions())).isEmpty();
    }

    @Test
    void aPlainClassBehindATokenGetterIsFound() {
        assertThat(unroutable(List.of(WithPlainChild.class))).containsExactly(
                "RoutableTypesTest$WithPlainChild.getChild(String) returns RoutableTypesTest$Plain, which is not routable");
        assertThat(unroutable(List.of(WithRoutableChild.class))).isEmpty();
    }

    private static List<Class<?>> actions() {
        List<Class<?>> actions = new ArrayList<>();
        for (JavaClass c : ImportedClasses.mainOf("io.jenkins.plugins.stackdrift")) {
            if (c.isAssignableTo(Action.class) && !c.getModifiers().contains(JavaModifier.ABSTRACT)) {
                actions.add(c.reflect());
            }
        }
        assertThat(actions).as("the plugin's actions").hasSizeGreaterThanOrEqualTo(4);
        return actions;
    }

    /** Follows every token getter from the roots; names each one that returns a type the filter blocks. */
    static List<String> unroutable(final List<Class<?>> roots) {
        List<String> problems = new ArrayList<>();
        Set<Class<?>> seen = new HashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            Class<?> type = todo.pop();
            if (!seen.add(type)) {
                continue;
            }
            for (Method m : type.getMethods()) {
                if (!isTokenGetter(m)) {
                    continue;
                }
                Class<?> returned = m.getReturnType();
                if (!isRoutable(returned)) {
                    problems.add(name(type) + "." + m.getName() + "(" + name(m.getParameterTypes()[0]) + ") returns "
                            + name(returned) + ", which is not routable");
                } else if (returned.getName().startsWith("io.jenkins.plugins.stackdrift")) {
                    todo.push(returned);
                }
            }
        }
        return problems;
    }

    private static String name(final Class<?> c) {
        return c.getName().substring(c.getName().lastIndexOf('.') + 1);
    }

    /** Stapler dispatches {@code get<X>(String|int|long)} and {@code getDynamic(String, …)} on a URL token. */
    private static boolean isTokenGetter(final Method m) {
        if (Modifier.isStatic(m.getModifiers()) || !m.getName().startsWith("get") || m.getParameterCount() == 0
                || m.getReturnType() == void.class) {
            return false;
        }
        Class<?> first = m.getParameterTypes()[0];
        return m.getName().equals("getDynamic") ? first == String.class
                : m.getParameterCount() == 1 && (first == String.class || first == int.class || first == long.class);
    }

    /** TypedFilter's test, on the types the stand-in declares. */
    static boolean isRoutable(final Class<?> type) {
        if (type.isArray()) {
            return isRoutable(type.getComponentType());
        }
        if (ModelObject.class.isAssignableFrom(type) || StaplerProxy.class.isAssignableFrom(type)
                || StaplerFallback.class.isAssignableFrom(type) || StaplerOverridable.class.isAssignableFrom(type)) {
            return true;
        }
        for (Method m : type.getMethods()) {
            if (isWebMethod(m)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWebMethod(final Method m) {
        for (Annotation a : m.getDeclaredAnnotations()) {
            if (a.annotationType().getName().startsWith("org.kohsuke.stapler.")) {
                return true;
            }
        }
        for (Class<?> p : m.getParameterTypes()) {
            if (p == StaplerRequest2.class || p == StaplerResponse2.class) {
                return true;
            }
        }
        return m.getName().startsWith("do") && m.getName().length() > 2 && Character.isUpperCase(m.getName().charAt(2));
    }

    static final class Plain {
        public String getDisplayName() {
            return "plain";
        }
    }

    static final class Page implements ModelObject {
        @Override
        public String getDisplayName() {
            return "page";
        }
    }

    static final class WithPlainChild {
        public Plain getChild(final String name) {
            return new Plain();
        }
    }

    static final class WithRoutableChild {
        public Page getChild(final String name) {
            return new Page();
        }
    }
}
