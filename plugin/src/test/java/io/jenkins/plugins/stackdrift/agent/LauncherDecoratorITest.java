package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Launcher;
import hudson.LauncherDecorator;
import hudson.Proc;
import hudson.model.Node;
import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.jenkinsci.plugins.workflow.steps.BodyExecutionCallback;
import org.jenkinsci.plugins.workflow.steps.BodyInvoker;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.TestExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;
import org.kohsuke.stapler.DataBoundConstructor;

import io.stackdrift.testing.PosixOnly;

/**
 * A step inside a block that decorates the launcher, as {@code container('…')} and {@code docker.image(…).inside} do
 * (real build only: JenkinsRule). The block's decorator runs every command with a {@code PATH} of its own, the only
 * place the demo's simulated tools are: the check finds them only if every tool process went through the decorated
 * launcher, over the channel of an online agent. Compiled here against the test stand-in, run only in the real build (plain
 * {@code mvn verify}).
 */
@WithJenkins
@PosixOnly
class LauncherDecoratorITest {
    private static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();
    private static final AtomicInteger LAUNCHES = new AtomicInteger();

    @Test
    void everyToolOfAStepInsideADecoratingBlockLaunchesThroughIt(final JenkinsRule r) throws Exception {
        r.createOnlineSlave(r.jenkins.getLabelAtom("remote"));
        Map<String, String> secrets = Map.of("aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
                "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");
        for (Map.Entry<String, String> secret : secrets.entrySet()) {
            DemoPipelineITestSupport.addListedCredential(r, secret.getKey(), secret.getValue());
        }
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, "in-container");
        p.setDefinition(new CpsFlowDefinition("node('remote') {\n"
                + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                + "  fakeContainer(path: \"${pwd()}/bin:/usr/bin:/bin\") {\n"
                + "    def r = checkDrift(); echo \"drifted=${r.drifted} total=${r.counts.total}\"\n"
                + "  }\n}", true));
        LAUNCHES.set(0);

        // the demo's network stack is in drift mode correct: the check puts its drift back (repairedResult SUCCESS)
        WorkflowRun b = r.buildAndAssertSuccess(p);

        r.assertLogContains("drifted=[] total=4", b);
        r.assertLogContains("4 stacks · 3 in sync · 0 drifted · 0 pending · 0 failed · 1 repaired", b);
        assertThat(LAUNCHES.get()).isGreaterThan(4);
        String log = JenkinsRule.getLog(b);
        secrets.values().forEach(secret -> assertThat(log).doesNotContain(secret));
    }

    /** {@code fakeContainer(path: '…') { … }}: a block whose launcher runs every command with that {@code PATH}. */
    public static final class FakeContainerStep extends Step {
        private final String path;

        @DataBoundConstructor
        public FakeContainerStep(final String path) {
            this.path = path;
        }

        public String getPath() {
            return path;
        }

        @Override
        public StepExecution start(final StepContext context) {
            return new Execution(context, path);
        }

        @TestExtension("everyToolOfAStepInsideADecoratingBlockLaunchesThroughIt")
        public static final class DescriptorImpl extends StepDescriptor {
            @Override
            public String getFunctionName() {
                return "fakeContainer";
            }

            @Override
            public boolean takesImplicitBlockArgument() {
                return true;
            }

            @Override
            public Set<? extends Class<?>> getRequiredContext() {
                return Set.of();
            }
        }
    }

    private static final class Execution extends StepExecution {
        private static final long serialVersionUID = 1L;
        private final String path;

        Execution(final StepContext context, final String path) {
            super(context);
            this.path = path;
        }

        @Override
        @SuppressWarnings("FutureReturnValueIgnored") // the body's end reaches the step through its callback
        public boolean start() throws Exception {
            getContext().newBodyInvoker()
                    .withContext(BodyInvoker.mergeLauncherDecorators(getContext().get(LauncherDecorator.class), new PathDecorator(path)))
                    .withCallback(BodyExecutionCallback.wrap(getContext())).start();
            return false;
        }
    }

    /** Counts every launch and prefixes it with {@code env PATH=…}, as a container exec replaces the environment's PATH. */
    private static final class PathDecorator extends LauncherDecorator implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String path;

        PathDecorator(final String path) {
            this.path = path;
        }

        @NonNull
        @Override
        public Launcher decorate(@NonNull final Launcher launcher, @NonNull final Node node) {
            return new Launcher.DecoratedLauncher(launcher) {
                @Override
                public Proc launch(final ProcStarter starter) throws IOException {
                    LAUNCHES.incrementAndGet();
                    List<String> command = new ArrayList<>(List.of("env", "PATH=" + path));
                    command.addAll(starter.cmds());
                    starter.cmds(command);
                    return super.launch(starter);
                }
            };
        }
    }
}
