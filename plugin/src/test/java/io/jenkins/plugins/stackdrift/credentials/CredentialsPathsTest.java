package io.jenkins.plugins.stackdrift.credentials;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.junit.jupiter.api.Test;

import io.stackdrift.testing.ImportedClasses;

/**
 * No credentials id an agent reported reaches the credentials store (the agent parses stacks.yaml in a workspace it
 * controls, so what it reports is untrusted): walks every call path from a step's execution to {@link CredentialsProvider}
 * and checks, on the bytecode, that
 * <ul>
 * <li>every lookup in CredentialsProvider is made by a method whose only input is an {@link AllowedId};</li>
 * <li>only {@link AllowedCredentials} makes an AllowedId (from its own lists' strings);</li>
 * <li>the allow-lists are built where no agent output is at hand: no method that builds them takes or touches a type of
 * the agent package or the core engine's outcomes.</li>
 * </ul>
 * A planted class ({@link PlantedCredentialPaths}) with one path of each kind must fail it.
 */
class CredentialsPathsTest {
    private static final String AGENT = "io.jenkins.plugins.stackdrift.agent";
    private static final String ENGINE = "io.stackdrift.engine";

    static List<String> problems(final JavaClasses classes) {
        List<String> problems = new ArrayList<>();
        for (JavaClass type : classes) {
            for (JavaCodeUnit unit : type.getCodeUnits()) {
                unit.getMethodCallsFromSelf().stream().filter(CredentialsPathsTest::isStoreLookup).forEach(call -> {
                    if (!onlyAnAllowedId(unit)) {
                        problems.add(unit.getFullName() + " looks up " + call.getTarget().getName()
                                + " with an id that is not an AllowedId");
                    }
                });
                unit.getConstructorCallsFromSelf().stream()
                        .filter(call -> call.getTargetOwner().isEquivalentTo(AllowedId.class))
                        .filter(call -> !type.isEquivalentTo(AllowedCredentials.class))
                        .forEach(call -> problems.add(unit.getFullName() + " makes an AllowedId outside AllowedCredentials"));
                boolean buildsLists = unit.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner()
                        .isEquivalentTo(AllowedCredentials.class) && call.getTarget().getName().equals("of"));
                if (buildsLists && !type.isEquivalentTo(AllowedCredentials.class) && touchesAgentOutput(unit)) {
                    problems.add(unit.getFullName() + " builds the allow-lists where agent output is at hand");
                }
            }
        }
        return problems;
    }

    private static boolean isStoreLookup(final JavaAccess<?> call) {
        String name = call.getTarget().getName();
        return call.getTargetOwner().isEquivalentTo(CredentialsProvider.class) && (name.startsWith("find") || name.startsWith("lookup")
                || name.startsWith("list"));
    }

    private static boolean onlyAnAllowedId(final JavaCodeUnit unit) {
        return unit.getRawParameterTypes().size() == 1 && unit.getRawParameterTypes().get(0).isEquivalentTo(AllowedId.class);
    }

    private static boolean touchesAgentOutput(final JavaCodeUnit unit) {
        boolean takes = unit.getRawParameterTypes().stream().anyMatch(CredentialsPathsTest::agentSide);
        boolean reaches = unit.getAccessesFromSelf().stream().anyMatch(access -> agentSide(access.getTargetOwner()));
        return takes || reaches;
    }

    private static boolean agentSide(final JavaClass type) {
        return type.getPackageName().startsWith(AGENT) || type.getPackageName().startsWith(ENGINE);
    }

    /**
     * Every path from a step's execution to a CredentialsProvider lookup, as "a → b → … → lookup" (calls of an interface
     * or superclass method followed into each implementation the imported classes have).
     */
    static Set<String> pathsToTheStore(final JavaClasses classes) {
        Map<JavaCodeUnit, JavaCodeUnit> reachedFrom = new HashMap<>();
        Deque<JavaCodeUnit> todo = new ArrayDeque<>();
        for (JavaClass type : classes) {
            if (type.isAssignableTo(StepExecution.class)) {
                type.getCodeUnits().forEach(unit -> {
                    reachedFrom.put(unit, null);
                    todo.add(unit);
                });
            }
        }
        Set<String> paths = new TreeSet<>();
        while (!todo.isEmpty()) {
            JavaCodeUnit unit = todo.pop();
            unit.getCallsFromSelf().forEach(call -> {
                if (isStoreLookup(call)) {
                    paths.add(path(reachedFrom, unit) + " → CredentialsProvider." + call.getTarget().getName());
                    return;
                }
                for (JavaCodeUnit next : targets(classes, call.getTarget().resolveMember().orElse(null))) {
                    if (!reachedFrom.containsKey(next)) {
                        reachedFrom.put(next, unit);
                        todo.add(next);
                    }
                }
            });
        }
        return paths;
    }

    /** The called member and, for a method, each override of it in the imported subclasses and implementations. */
    private static List<JavaCodeUnit> targets(final JavaClasses classes, final JavaCodeUnit called) {
        List<JavaCodeUnit> out = new ArrayList<>();
        if (called == null || !classes.contain(called.getOwner().getName())) {
            return out;
        }
        out.add(called);
        if (called instanceof JavaMethod method) {
            for (JavaClass sub : method.getOwner().getAllSubclasses()) {
                sub.tryGetMethod(method.getName(), method.getRawParameterTypes().stream().map(JavaClass::getName)
                        .toArray(String[]::new)).ifPresent(out::add);
            }
        }
        return out;
    }

    private static String path(final Map<JavaCodeUnit, JavaCodeUnit> reachedFrom, final JavaCodeUnit end) {
        List<String> names = new ArrayList<>();
        for (JavaCodeUnit at = end; at != null; at = reachedFrom.get(at)) {
            names.add(0, at.getOwner().getSimpleName() + "." + at.getName());
        }
        return String.join(" → ", names);
    }

    @Test
    void everyPathFromAStepToTheStoreCarriesAnIdOnlyTheControllersListsGive() {
        JavaClasses plugin = ImportedClasses.mainOf("io.jenkins.plugins.stackdrift");
        assertThat(problems(plugin)).isEmpty();
        // the walk is not empty: the step reaches the store, and only through the lookup that takes an AllowedId
        Set<String> paths = pathsToTheStore(plugin);
        assertThat(paths).isNotEmpty().allSatisfy(path -> assertThat(path)
                .contains("CredentialsEnvironment.resolve → BuildCredentialsLookup.find → CredentialsProvider.findCredentialById"));
    }

    @Test
    void plantedPathsFromAgentOutputToTheStoreAreFound() {
        JavaClasses planted = new ClassFileImporter().importClasses(PlantedCredentialPaths.class, AllowedCredentials.class,
                AllowedId.class);
        assertThat(problems(planted)).hasSize(3).anySatisfy(p -> assertThat(p).contains("lookUpWhatTheAgentSaid")
                .contains("with an id that is not an AllowedId"))
                .anySatisfy(p -> assertThat(p).contains("launderedId").contains("makes an AllowedId outside AllowedCredentials"))
                .anySatisfy(p -> assertThat(p).contains("listsFromTheAgent").contains("builds the allow-lists where agent output"));
    }
}
