package io.jenkins.plugins.stackdrift;

import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.addCredentials;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.assertNoSecretIn;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoCopy;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoJob;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.replaceTool;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import hudson.FilePath;
import hudson.model.Result;
import hudson.slaves.DumbSlave;
import hudson.slaves.WorkspaceList;
import io.jenkins.plugins.stackdrift.actions.StackDriftInterruptedAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.agent.StaleStepDirectories;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import org.htmlunit.html.HtmlPage;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.testing.PosixOnly;

/**
 * Aborting a build while its {@code deployStacks} applies on an agent (real build only): the demo's {@code tofu} is replaced
 * by one whose {@code apply} writes its process id and sleeps. The build ends ABORTED (not FAILURE) without a Java stack
 * trace, the aborted stack has one line in the console ("interrupted", the trail's word), the step's
 * cleanup has run before the build ended (the stack is "interrupted" in the job's trail, the build page says so
 * through the interrupted action's summary, the step's temporary directory with its plan files and secret copies
 * is gone), and the sleeping tool process is stopped.
 */
@WithJenkins
@PosixOnly
class AbortITest {
    private static final long WAIT_MILLIS = 120_000;

    @TempDir
    Path temp;

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
    }

    @Test
    void abortingARunningDeployEndsTheBuildAbortedAfterTheStepsCleanup() throws Exception {
        addCredentials(r);
        Path demo = demoCopy(temp.resolve("demo"));
        Path pidFile = temp.resolve("apply.pid");
        replaceTool(demo, "tofu", "#!/usr/bin/env bash\n"
                + "# the demo's tofu, with an apply slow enough to be aborted (and that applies nothing once stopped)\n"
                + "if [ \"${1:-}\" = apply ]; then echo $$ > '" + pidFile + "'; sleep 600 || exit 143; fi\n"
                + "exec bash \"$(dirname \"$0\")/lib/tf-sim.sh\" tofu \"$@\"\n");
        // on an agent: the step's cleanup deletes files over the channel, after the interrupt
        DumbSlave agent = r.createOnlineSlave(r.jenkins.getLabelAtom("remote"));
        WorkflowJob p = demoJob(r, "abort", "remote", demo, "deployStacks(stacks: ['network'])");

        WorkflowRun b = p.scheduleBuild2(0).waitForStart();
        long pid = awaitPid(pidFile, b);
        b.doStop();
        r.assertBuildStatus(Result.ABORTED, r.waitForCompletion(b));

        // what the step's cleanup does, all done by the time the build has ended
        r.assertLogContains("Stack Drift: the deploy was interrupted; no record of it is kept", b);
        String log = JenkinsRule.getLog(b);
        assertNoSecretIn(log);
        // the step ends as Pipeline steps end on an abort: no Java stack trace, one line for the stack, one word
        assertThat(log).doesNotContain("InterruptedException").doesNotContain("\tat ").doesNotContain("failed — interrupted");
        assertThat(log.lines().filter(line -> line.startsWith("Stack Drift: network: ") && line.contains("interrupted")))
                .singleElement().satisfies(line -> assertThat(line).startsWith("Stack Drift: network: interrupted — "));
        assertThat(b.getAction(StackDriftRunAction.class)).isNull();
        StackDriftInterruptedAction interrupted = b.getAction(StackDriftInterruptedAction.class);
        assertThat(interrupted).isNotNull();
        assertThat(interrupted.getInterruptedStacks()).containsExactly("network");
        List<TrailEntry> trail = new HistoryStore(p.getRootDir().toPath().resolve(JobHistory.DIR_NAME)).trail();
        assertThat(trail).anySatisfy(entry -> {
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(entry.stack().value()).isEqualTo("network");
        });
        FilePath tempDir = WorkspaceList.tempDir(agent.getWorkspaceFor(p));
        assertThat(tempDir).isNotNull();
        List<String> stepDirectories = new ArrayList<>();
        if (tempDir.exists()) {
            tempDir.listDirectories().stream().map(FilePath::getName).filter(name -> name.startsWith(StaleStepDirectories.PREFIX))
                    .forEach(stepDirectories::add);
        }
        assertThat(stepDirectories).as("step directories left in %s", tempDir).isEmpty();

        // the build page includes the interrupted action's summary (its Jelly compiled and rendered for real)
        try (JenkinsRule.WebClient wc = r.createWebClient()) {
            HtmlPage page = wc.getPage(b);
            // its words as written: Jelly keeps the spaces around the step's id
            assertThat(page.asNormalizedText()).contains("Stack Drift: the deploy with id deploy was interrupted before it finished")
                    .contains("network");
        }

        // the tool's process tree was stopped with the step
        assertThat(stillAlive(pid)).isFalse();
    }

    /** The process id the slow apply wrote, once the build got that far. */
    private static long awaitPid(final Path pidFile, final WorkflowRun b) throws Exception {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(pidFile)) {
                String text = Files.readString(pidFile).trim();
                if (!text.isEmpty()) {
                    return Long.parseLong(text);
                }
            }
            assertThat(b.isBuilding()).as("the build ended before the apply started:%n%s", JenkinsRule.getLog(b)).isTrue();
            Thread.sleep(200);
        }
        throw new AssertionError("the apply did not start within " + WAIT_MILLIS + " ms:\n" + JenkinsRule.getLog(b));
    }

    /** Whether the process still runs a few seconds after the build ended (the step waits for the agent call). */
    private static boolean stillAlive(final long pid) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < deadline) {
            Optional<ProcessHandle> process = ProcessHandle.of(pid);
            if (process.isEmpty() || !process.get().isAlive()) {
                return false;
            }
            Thread.sleep(200);
        }
        return true;
    }
}
