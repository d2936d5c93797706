package io.jenkins.plugins.stackdrift.agent;

import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.addCredentials;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoCopy;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoJob;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.replaceTool;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionList;
import hudson.Launcher;
import hudson.LauncherDecorator;
import hudson.Proc;
import hudson.model.Node;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.Durability;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.jenkinsci.plugins.workflow.steps.BodyExecutionCallback;
import org.jenkinsci.plugins.workflow.steps.BodyInvoker;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.TestExtension;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;
import org.kohsuke.stapler.DataBoundConstructor;

import io.stackdrift.testing.PosixOnly;

/**
 * Aborting a deploy inside a block whose launcher behaves as {@code container('…')}'s (real build only): the launch's
 * {@code Proc.kill} does nothing there (Kubernetes writes Ctrl-C into a stdin the tool does not read). The tool's
 * wrapper runs inside the "container" and is asked through the step directory's stop file: it sends the apply SIGINT
 * (this shell-script apply cannot take it) and kills its tree after the grace. The build ends ABORTED, the console
 * says the tools were asked to stop, and the apply is gone; any kill from outside went by the
 * {@code JENKINS_SERVER_COOKIE} the plugin gave the launch. Twice: a durable step (the default: the engine writes the
 * stop file's request to every running tool, the apply started through the block's launcher carries the plugin's
 * cookie), and a step that is not durable (the setting off, as a {@code stackShards} shard runs: the controller asks
 * each tool and kills by the cookie what outlives the grace).
 */
@WithJenkins
@PosixOnly
class ContainerAbortITest {
    private static final List<Map<String, String>> COOKIE_KILLS = new CopyOnWriteArrayList<>();

    @TempDir
    Path temp;

    @Test
    void aDurableStepsAbortStopsTheApplyThroughItsWrapperWhereProcKillDoesNothing(final JenkinsRule r) throws Exception {
        WorkflowRun b = abortedDeploy(r, true, "durable-deaf-container");
        r.assertLogContains("Stack Drift: stopping: the running tools are asked to stop (SIGINT), and killed after 5 s if"
                + " they have not", b);
    }

    @Test
    void anAbortStopsTheApplyByItsCookieWhereProcKillDoesNothing(final JenkinsRule r) throws Exception {
        WorkflowRun b = abortedDeploy(r, false, "deaf-container");
        r.assertLogContains("to stop (SIGINT); killing it in 5 s if it has not", b);
    }

    /**
     * Deploys in the deaf block, aborts the build once the apply runs, and checks what both ways promise: the apply
     * carried the plugin's cookie, the build ended ABORTED and the apply is gone.
     */
    private WorkflowRun abortedDeploy(final JenkinsRule r, final boolean durable, final String name) throws Exception {
        Durability durability = new Durability();
        durability.setDurableSteps(durable);
        durability.setToolStopGrace("5s");
        ExtensionList.lookupSingleton(StackDriftGlobalConfiguration.class).setDurability(durability);
        addCredentials(r);
        Path demo = demoCopy(temp.resolve("demo"));
        Path pidFile = temp.resolve("apply.pid");
        replaceTool(demo, "tofu", "#!/usr/bin/env bash\n"
                + "if [ \"${1:-}\" = apply ]; then echo $$ > '" + pidFile + "'; sleep 600 || exit 143; fi\n"
                + "exec bash \"$(dirname \"$0\")/lib/tf-sim.sh\" tofu \"$@\"\n");
        r.createOnlineSlave(r.jenkins.getLabelAtom("remote"));
        WorkflowJob p = demoJob(r, name, "remote", demo, "deafContainer { deployStacks(stacks: ['network']) }");
        COOKIE_KILLS.clear();

        WorkflowRun b = p.scheduleBuild2(0).waitForStart();
        long deadline = System.currentTimeMillis() + 120_000;
        while (!(Files.exists(pidFile) && Files.readString(pidFile).endsWith("\n")) && System.currentTimeMillis() < deadline) {
            assertThat(b.isBuilding()).as("the build ended before the apply started:%n%s", JenkinsRule.getLog(b)).isTrue();
            Thread.sleep(200);
        }
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        assertThat(cookieOf(pid)).as("the apply's %s", ToolCookie.VARIABLE).startsWith(ToolCookie.PREFIX);
        b.doStop();
        r.assertBuildStatus(Result.ABORTED, r.waitForCompletion(b));

        Optional<ProcessHandle> apply = ProcessHandle.of(pid);
        assertThat(apply.isEmpty() || !apply.get().isAlive()).as("the apply still runs after the build ended").isTrue();
        assertThat(COOKIE_KILLS).allSatisfy(kill -> assertThat(kill.get(ToolCookie.VARIABLE)).startsWith(ToolCookie.PREFIX));
        return b;
    }

    /** The value of the plugin's cookie variable in a process's environment; empty when it has none. */
    private static String cookieOf(final long pid) throws IOException {
        String prefix = ToolCookie.VARIABLE + "=";
        for (String entry : new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")),
                StandardCharsets.UTF_8).split("\0", -1)) {
            if (entry.startsWith(prefix)) {
                return entry.substring(prefix.length());
            }
        }
        return "";
    }

    /** {@code deafContainer { … }}: a block whose launcher's processes ignore {@code Proc.kill}. */
    public static final class DeafContainerStep extends Step {
        @DataBoundConstructor
        public DeafContainerStep() {
        }

        @Override
        public StepExecution start(final StepContext context) {
            return new Execution(context);
        }

        @TestExtension
        public static final class DescriptorImpl extends StepDescriptor {
            @Override
            public String getFunctionName() {
                return "deafContainer";
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

        Execution(final StepContext context) {
            super(context);
        }

        @Override
        @SuppressWarnings("FutureReturnValueIgnored") // the body's end reaches the step through its callback
        public boolean start() throws Exception {
            getContext().newBodyInvoker()
                    .withContext(BodyInvoker.mergeLauncherDecorators(getContext().get(LauncherDecorator.class), new DeafDecorator()))
                    .withCallback(BodyExecutionCallback.wrap(getContext())).start();
            return false;
        }
    }

    /** Hands out processes whose kill does nothing; {@code kill(Map)} is noted and passed on, as the container's is. */
    private static final class DeafDecorator extends LauncherDecorator implements Serializable {
        private static final long serialVersionUID = 1L;

        @NonNull
        @Override
        public Launcher decorate(@NonNull final Launcher launcher, @NonNull final Node node) {
            return new Launcher.DecoratedLauncher(launcher) {
                @Override
                public Proc launch(final ProcStarter starter) throws IOException {
                    return new DeafProc(super.launch(starter));
                }

                @Override
                public void kill(final Map<String, String> modelEnvVars) throws IOException, InterruptedException {
                    COOKIE_KILLS.add(Map.copyOf(modelEnvVars));
                    super.kill(modelEnvVars);
                }
            };
        }
    }

    private static final class DeafProc extends Proc {
        private final Proc inner;

        DeafProc(final Proc inner) {
            this.inner = inner;
        }

        @Override
        public boolean isAlive() throws IOException, InterruptedException {
            return inner.isAlive();
        }

        @Override
        public void kill() {
            // as a container exec's: the tool never sees it
        }

        @Override
        public int join() throws IOException, InterruptedException {
            return inner.join();
        }

        @Override
        public InputStream getStdout() {
            return inner.getStdout();
        }

        @Override
        public InputStream getStderr() {
            return inner.getStderr();
        }

        @Override
        public OutputStream getStdin() {
            return inner.getStdin();
        }
    }
}
