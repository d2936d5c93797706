package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameter;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.jenkins.plugins.stackdrift.planted.PlantedWebMethods;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.interceptor.RequirePOST;
import org.kohsuke.stapler.verb.POST;

import io.stackdrift.testing.ImportedClasses;

/**
 * What the Jenkins Security Scan asks of every web method (jenkins-infra/jenkins-codeql's
 * {@code jenkins/no-permission-check} and {@code jenkins/csrf}, on Stapler's {@code do*} methods): it checks a permission
 * (directly or through the methods it calls) or carries {@code @SuppressWarnings("lgtm[jenkins/no-permission-check]")},
 * and it is {@code @POST}/{@code @RequirePOST} or carries {@code lgtm[jenkins/csrf]}; a suppression comes with a one-line
 * reason (a {@code //} comment beside or above it). Permissions and verbs are read from the bytecode, suppressions (which
 * the compiler drops) from the source.
 */
class WebMethodsTest {
    /** The parameter types Stapler fills by itself, as the scan's WebMethod lists them. */
    private static final Set<String> STAPLER_TYPES = Set.of("StaplerRequest", "StaplerRequest2", "StaplerResponse",
            "StaplerResponse2", "HttpServletRequest", "HttpServletResponse", "ServletRequest", "ServletResponse", "RequestImpl",
            "ResponseImpl");
    private static final Set<String> PARAMETER_ANNOTATIONS = Set.of("QueryParameter", "AncestorInPath", "Header", "JsonBody",
            "SubmittedForm");
    private static final Pattern LGTM = Pattern.compile("\"lgtm\\[(jenkins/[a-z-]+)]\"");

    static List<String> problems(final JavaClasses classes, final Path sources) {
        List<String> problems = new ArrayList<>();
        for (JavaClass type : classes) {
            for (JavaMethod method : type.getMethods()) {
                if (!isWebMethod(method)) {
                    continue;
                }
                String where = type.getSimpleName() + "#" + method.getName();
                Suppression suppression = Suppression.of(source(type, sources), method.getName());
                boolean post = method.isAnnotatedWith(RequirePOST.class) || method.getAnnotations().stream()
                        .anyMatch(a -> a.getRawType().getPackageName().equals(POST.class.getPackageName()));
                if (!checksPermission(method) && !suppression.names("jenkins/no-permission-check")) {
                    problems.add(where + ": no permission check (call checkPermission, or suppress"
                            + " lgtm[jenkins/no-permission-check] with a reason)");
                }
                if (!post && !suppression.names("jenkins/csrf")) {
                    problems.add(where + ": neither @POST nor @RequirePOST (or suppress lgtm[jenkins/csrf] with a reason)");
                }
                if (suppression.any() && !suppression.reasoned()) {
                    problems.add(where + ": a suppression without a one-line reason beside or above it");
                }
            }
        }
        return problems;
    }

    /** As the scan's WebMethod: public, named do…, every parameter a Stapler type or annotated for Stapler. */
    private static boolean isWebMethod(final JavaMethod method) {
        if (!method.getModifiers().contains(JavaModifier.PUBLIC) || !method.getName().startsWith("do")
                || method.getModifiers().contains(JavaModifier.SYNTHETIC) || method.getModifiers().contains(JavaModifier.BRIDGE)) {
            return false;
        }
        for (JavaParameter parameter : method.getParameters()) {
            boolean staplerType = STAPLER_TYPES.contains(parameter.getRawType().getSimpleName());
            boolean annotated = parameter.getAnnotations().stream()
                    .anyMatch(a -> PARAMETER_ANNOTATIONS.contains(a.getRawType().getSimpleName()));
            if (!staplerType && !annotated) {
                return false;
            }
        }
        return true;
    }

    /** A call of {@code checkPermission}/{@code hasPermission} (one argument) in the method or any method it calls here. */
    private static boolean checksPermission(final JavaMethod start) {
        Deque<JavaCodeUnit> todo = new ArrayDeque<>(List.of(start));
        Set<JavaCodeUnit> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            JavaCodeUnit unit = todo.pop();
            if (!seen.add(unit)) {
                continue;
            }
            for (JavaMethodCall call : unit.getMethodCallsFromSelf()) {
                String name = call.getTarget().getName();
                boolean check = name.equals("checkPermission") || name.equals("hasPermission");
                if (check && call.getTarget().getRawParameterTypes().size() == 1) {
                    return true;
                }
                call.getTarget().resolveMember().ifPresent(todo::push);
            }
        }
        return false;
    }

    private static String source(final JavaClass type, final Path sources) {
        JavaClass outer = type;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        Path file = sources.resolve(outer.getName().replace('.', '/') + ".java");
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lgtm suppressions on a method's declaration, and whether a {@code //} reason stands beside or above them. */
    private record Suppression(Set<String> names, boolean reasoned) {
        static Suppression of(final String source, final String method) {
            Matcher declaration = Pattern.compile("\\bpublic\\s+[\\w<>\\[\\], ?]+\\s+" + method + "\\s*\\(").matcher(source);
            if (!declaration.find()) {
                return new Suppression(Set.of(), false);
            }
            // from the end of the member before (a line ending in ; { or }) to the declaration, Javadoc left out
            Matcher memberEnd = Pattern.compile("[;{}][ \\t]*\\R").matcher(source.substring(0, declaration.start()));
            int start = 0;
            while (memberEnd.find()) {
                start = memberEnd.end();
            }
            String head = source.substring(start, declaration.start()).replaceAll("(?s)/\\*.*?\\*/", "");
            Set<String> names = new HashSet<>();
            Matcher lgtm = LGTM.matcher(head);
            while (lgtm.find()) {
                names.add(lgtm.group(1));
            }
            boolean reasoned = Pattern.compile("//\\s*\\S+(\\s+\\S+)+").matcher(head).find();
            return new Suppression(names, reasoned);
        }

        boolean names(final String query) {
            return names.contains(query);
        }

        boolean any() {
            return !names.isEmpty();
        }
    }

    @Test
    void everyWebMethodChecksAPermissionAndIsPostOrSaysWhyNot() {
        JavaClasses plugin = ImportedClasses.mainOf("io.jenkins.plugins.stackdrift");
        assertThat(problems(plugin, Path.of("src/main/java"))).isEmpty();
        // the check sees the plugin's web methods at all: the approve link, the lock release, the form checks
        assertThat(plugin.stream().flatMap(c -> c.getMethods().stream()).filter(WebMethodsTest::isWebMethod).count())
                .isGreaterThanOrEqualTo(15);
    }

    @Test
    void plantedWebMethodsAreFound() {
        JavaClasses planted = new ClassFileImporter().importClasses(PlantedWebMethods.class);
        assertThat(problems(planted, Path.of("src/test/java"))).containsExactlyInAnyOrder(
                "PlantedWebMethods#doForget: no permission check (call checkPermission, or suppress"
                        + " lgtm[jenkins/no-permission-check] with a reason)",
                "PlantedWebMethods#doForget: neither @POST nor @RequirePOST (or suppress lgtm[jenkins/csrf] with a reason)",
                "PlantedWebMethods#doFillPlantedItems: neither @POST nor @RequirePOST (or suppress lgtm[jenkins/csrf] with a reason)",
                "PlantedWebMethods#doFillPlantedItems: a suppression without a one-line reason beside or above it");
    }
}
