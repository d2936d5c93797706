package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import hudson.model.Result;
import io.jenkins.plugins.stackdrift.actions.StackDriftInterruptedAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.record.TrailResult;
import io.stackdrift.runner.Heartbeat;
import io.stackdrift.runner.ToolWrapper;
import io.stackdrift.testing.PosixOnly;

/**
 * A real Terraform apply whose agent is lost, and one that is aborted (real build only: JenkinsRule, an agent in a JVM of
 * its own from {@code createOnlineSlave}). The apply's {@code local-exec} provisioner sleeps; its state is a local
 * backend outside the workspaces, so a second agent deploys the same state.
 *
 * <p>Lost agent: the agent's JVM (the parent of the tool wrapper) is killed with {@code kill -9}. The build fails with one
 * "Stack Drift:" line for the stack and no remoting stack trace, carries the interrupted action, and the job's trail an
 * interrupted entry; the wrapper sees the agent's heartbeat stop, interrupts Terraform (which writes its state and lets
 * go of the lock) and leaves no process; the next build, on a new agent, deploys the stack again.
 *
 * <p>Abort: the console says Terraform was asked to stop with SIGINT, the build ends ABORTED, the state is valid and
 * unlocked, and no process is left.
 */
@WithJenkins
@PosixOnly
@EnabledOnOs(OS.LINUX)
class LostAgentITest {
    /** A short grace, so the tests do not wait two minutes for a tool deaf to SIGINT. */
    private static final Duration GRACE = Duration.ofSeconds(20);

    @TempDir
    Path temp;

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
        System.setProperty(ToolStops.GRACE_PROPERTY, Long.toString(GRACE.toSeconds()));
    }

    @AfterEach
    void afterEach() {
        System.clearProperty(ToolStops.GRACE_PROPERTY);
    }

    /** One stack whose apply touches {@code applying} and sleeps. */
    private Path repository() throws IOException {
        return SleepingApply.repository(temp, "touch " + temp.resolve("applying"));
    }

    private WorkflowJob job(final String name, final String terraform, final Path repo) throws Exception {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, name);
        p.setDefinition(definition(terraform, repo, "first", 600));
        return p;
    }

    /** Copies the repository into the workspace on the agent of {@code label} and deploys it. */
    private static CpsFlowDefinition definition(final String terraform, final Path repo, final String label, final int sleep)
            throws Exception {
        return new CpsFlowDefinition("node('" + label + "') {\n"
                + "  sh \"cp -R '" + repo + "/.' .\"\n"
                + "  withEnv([\"PATH+TF=" + terraform + "\", \"SLEEP_SECONDS=" + sleep + "\"]) {\n"
                + "    deployStacks()\n"
                + "  }\n"
                + "}", true);
    }

    /** The tool wrapper running Terraform's apply (its command line names the wrapper and "apply"), by pid. */
    private static List<Long> wrappers() throws IOException {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path proc : (Iterable<Path>) processes::iterator) {
                String name = String.valueOf(proc.getFileName());
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String line = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8);
                    if (line.contains(ToolWrapper.NAME) && line.contains("\0apply\0") && alive(Long.parseLong(name))) {
                        found.add(Long.parseLong(name));
                    }
                } catch (IOException e) {
                    // the process ended meanwhile
                }
            }
        }
        return found;
    }

    private static long parentOf(final long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // after the name: the state, then the parent's pid
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", -1);
        return Long.parseLong(fields[1]);
    }

    private static boolean alive(final long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 1).strip().startsWith("Z");
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits until the provisioner has started (Terraform holds the state lock from now on). */
    private void awaitApplying(final WorkflowRun b) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (!Files.exists(temp.resolve("applying")) && System.nanoTime() < deadline) {
            assertThat(b.isBuilding()).as("the build ended before the apply started:%n%s", JenkinsRule.getLog(b)).isTrue();
            Thread.sleep(200);
        }
        assertThat(temp.resolve("applying")).exists();
    }

    private static void awaitGone(final List<Long> pids, final Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (pids.stream().anyMatch(LostAgentITest::alive) && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertThat(pids).as("processes left").noneMatch(LostAgentITest::alive);
    }

    /** The state Terraform left: valid JSON naming the resource's address, and no lock file. */
    private void assertStateValidAndUnlocked() throws IOException {
        Path state = temp.resolve("state/net.tfstate");
        assertThat(state).exists();
        assertThat(Files.readString(state)).contains("\"version\"");
        assertThat(temp.resolve("state/.net.tfstate.lock.info")).doesNotExist();
    }

    @Test
    void aLostAgentsApplyIsInterruptedByItsWrapperRecordedAndDeployedAgainOnANewAgent() throws Exception {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        r.createOnlineSlave(r.jenkins.getLabelAtom("first"));
        WorkflowJob p = job("lost-agent", terraform, repo);

        WorkflowRun b1 = p.scheduleBuild2(0).waitForStart();
        awaitApplying(b1);
        List<Long> wrapper = wrappers();
        assertThat(wrapper).as("the apply's tool wrapper").hasSize(1);
        long agent = parentOf(wrapper.get(0));
        assertThat(Files.readString(Path.of("/proc", Long.toString(agent), "cmdline"))).as("the agent's JVM").contains("java");
        new ProcessBuilder("kill", "-KILL", Long.toString(agent)).start().waitFor();

        r.assertBuildStatus(Result.FAILURE, r.waitForCompletion(b1));
        r.assertLogContains("Stack Drift: net: interrupted: the connection to the agent was lost during its deploy", b1);
        r.assertLogContains("Stack Drift: the deploy did not finish: the connection to its agent was lost; net marked interrupted",
                b1);
        r.assertLogNotContains("\tat hudson.remoting", b1);
        assertThat(b1.getAction(StackDriftInterruptedAction.class)).isNotNull()
                .satisfies(a -> assertThat(a.getInterruptedStacks()).containsExactly("net"));
        assertThat(JobHistory.inJobDir(p.getRootDir()).trail()).anySatisfy(entry -> {
            assertThat(entry.runId()).isEqualTo(b1.getId());
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
        });
        // the heartbeat stops with the JVM: the wrapper interrupts Terraform, which ends within the grace
        awaitGone(wrapper, Heartbeat.LOST_AFTER.plus(GRACE).plusSeconds(30));
        assertStateValidAndUnlocked();

        r.createOnlineSlave(r.jenkins.getLabelAtom("second"));
        p.setDefinition(definition(terraform, repo, "second", 0));
        WorkflowRun b2 = r.buildAndAssertSuccess(p);
        assertThat(b2.getActions(StackDriftRunAction.class)).singleElement()
                .satisfies(deploy -> assertThat(deploy.getFailedStacks()).isEmpty());
        assertThat(JobHistory.inJobDir(p.getRootDir()).trail()).anySatisfy(entry -> {
            assertThat(entry.runId()).isEqualTo(b2.getId());
            assertThat(entry.stack().value()).isEqualTo("net");
            assertThat(entry.result()).isNotEqualTo(TrailResult.INTERRUPTED);
        });
    }

    @Test
    void anAbortAsksTerraformToStopWithSigintAndItsStateStaysValid() throws Exception {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        r.createOnlineSlave(r.jenkins.getLabelAtom("first"));
        WorkflowJob p = job("abort", terraform, repo);

        WorkflowRun b = p.scheduleBuild2(0).waitForStart();
        awaitApplying(b);
        List<Long> wrapper = wrappers();
        b.doStop();

        r.assertBuildStatus(Result.ABORTED, r.waitForCompletion(b));
        r.assertLogContains("Stack Drift: asked terraform in ", b);
        r.assertLogContains("to stop (SIGINT); killing it in " + GRACE.toSeconds() + " s if it has not", b);
        awaitGone(wrapper, GRACE.plusSeconds(30));
        assertStateValidAndUnlocked();
        assertThat(JobHistory.inJobDir(p.getRootDir()).trail()).anySatisfy(
                entry -> assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED));
    }
}
