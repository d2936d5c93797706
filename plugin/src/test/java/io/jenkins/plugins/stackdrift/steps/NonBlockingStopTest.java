package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.junit.jupiter.api.Test;

import io.stackdrift.testing.ImportedClasses;

/**
 * Jenkins calls {@code StepExecution.stop} on the Pipeline's one VM thread, for one step after another: a stop that
 * waits holds up the whole Pipeline. So no step's {@code stop}, nor the plugin code it calls, waits: no latch or
 * condition await, no sleep, no join, no blocking {@code Future.get}, no {@code Object.wait}.
 */
class NonBlockingStopTest {
    /** Owner and name of the calls that block the calling thread. */
    private static final Set<String> BLOCKING = Set.of(named(CountDownLatch.class, "await"), named(Thread.class, "sleep"),
            named(Thread.class, "join"), named(Object.class, "wait"), named(Future.class, "get"),
            named(CompletableFuture.class, "get"), named(CompletableFuture.class, "join"), named(Condition.class, "await"),
            named(Semaphore.class, "acquire"));

    private static String named(final Class<?> owner, final String method) {
        return owner.getName() + "." + method;
    }

    /** The blocking calls a step's stop makes, directly or through the plugin's own methods it calls. */
    static List<String> blockingCallsOfStops(final JavaClasses classes) {
        List<String> found = new ArrayList<>();
        for (JavaClass type : classes) {
            if (!type.isAssignableTo(StepExecution.class)) {
                continue;
            }
            for (JavaMethod stop : type.getMethods()) {
                if (stop.getName().equals("stop")) {
                    walk(stop, found);
                }
            }
        }
        return found;
    }

    private static void walk(final JavaCodeUnit start, final List<String> found) {
        Deque<JavaCodeUnit> todo = new ArrayDeque<>(List.of(start));
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            JavaCodeUnit unit = todo.pop();
            if (!seen.add(unit.getFullName())) {
                continue;
            }
            for (JavaMethodCall call : unit.getMethodCallsFromSelf()) {
                String target = call.getTarget().getOwner().getName() + "." + call.getName();
                if (BLOCKING.contains(target)) {
                    found.add(start.getFullName() + " -> " + unit.getFullName() + " calls " + target);
                }
                call.getTarget().resolveMember().filter(member -> member.getOwner().getPackageName()
                        .startsWith("io.jenkins.plugins.stackdrift")).ifPresent(todo::push);
            }
        }
    }

    @Test
    void noStepsStopWaits() {
        JavaClasses plugin = ImportedClasses.mainOf("io.jenkins.plugins.stackdrift");
        assertThat(plugin.contain(StackDriftStepExecution.class)).isTrue();
        assertThat(blockingCallsOfStops(plugin)).isEmpty();
    }

    /** A stop as the plugin's was: it waits for the step's cleanup, through a helper. */
    static final class WaitingExecution extends StepExecution {
        private static final long serialVersionUID = 1L;
        private final transient CountDownLatch cleanedUp = new CountDownLatch(1);

        WaitingExecution(final StepContext context) {
            super(context);
        }

        @Override
        public boolean start() {
            return false;
        }

        @Override
        public void stop(final Throwable cause) throws Exception {
            awaitCleanup();
        }

        private void awaitCleanup() throws InterruptedException {
            cleanedUp.await(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void theCheckFindsAPlantedStopThatWaitsThroughAHelper() {
        JavaClasses planted = new ClassFileImporter().importClasses(WaitingExecution.class);
        assertThat(blockingCallsOfStops(planted)).singleElement().asString().contains("awaitCleanup")
                .contains("CountDownLatch.await");
    }
}
