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

import hudson.ExtensionList;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.Durability;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.StepDurations;
import io.jenkins.plugins.stackdrift.actions.StackDriftInterruptedAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.durable.EngineProcess;
import io.stackdrift.record.TrailResult;
import io.stackdrift.runner.ToolWrapper;
import io.stackdrift.testing.PosixOnly;

/**
 * A real Terraform apply whose agent is lost, and one that is aborted (real build only: JenkinsRule, an agent in a JVM of
 * its own from {@code createOnlineSlave}). The apply's {@code local-exec} provisioner sleeps; its state is a local
 * backend outside the workspaces, so a second agent deploys the same state.
 *
 * <p>Lost agent, a durable step (the default): the agent's JVM is killed with {@code kill -9} during the apply. The step
 * waits for the agent up to the agent reconnect timeout (short here), then fails with one "Stack Drift:" line for the
 * stack and no remoting stack trace, carries the interrupted action, and the job's trail an interrupted entry; the
 * engine and the tool were not stopped by the step, and once they are gone (see the test) the state is valid and
 * unlocked and the next build, on a new agent, deploys the stack again.
 *
 * <p>Abort of a step that is not durable (the setting off): the console says Terraform was asked to stop with SIGINT,
 * the build ends ABORTED, the state is valid and unlocked, and no process is left. (The durable abort:
 * {@link DurableRestartITest}.)
 */
@WithJenkins
@PosixOnly
@EnabledOnOs(OS.LINUX)
class LostAgentITest {
    /** A short grace, so the tests do not wait two minutes for a tool deaf to SIGINT. */
    private static final Duration GRACE = Duration.ofSeconds(20);
    /** A short wait for a lost agent, so the test does not wait five minutes. */
    private static final Duration RECONNECT = Duration.ofSeconds(15);

    @TempDir
    Path temp;

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
        durability(true);
    }

    /** The global configuration's durability: durable steps or not, the short grace and reconnect wait. */
    private static void durability(final boolean durable) {
        Durability durability = new Durability();
        durability.setDurableSteps(durable);
        durability.setToolStopGrace(StepDurations.format(GRACE));
        durability.setAgentReconnectTimeout(StepDurations.format(RECONNECT));
        ExtensionList.lookupSingleton(StackDriftGlobalConfiguration.class).setDurability(durability);
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

    /** The wrappers running Terraform's apply for {@code job} of this test's controller, by pid. */
    private List<Long> wrappers(final String job) throws IOException {
        return processes(ToolWrapper.NAME, "\0apply\0", "/" + job + "@tmp/", r.jenkins.getRootDir() + "/");
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

    /**
     * The live processes whose command line holds every one of {@code parts}, by pid (a part naming this test's
     * controller home keeps out the processes of other builds on the machine).
     */
    private static List<Long> processes(final String... parts) throws IOException {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path proc : (Iterable<Path>) processes::iterator) {
                String name = String.valueOf(proc.getFileName());
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String line = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8);
                    if (Stream.of(parts).allMatch(line::contains) && alive(Long.parseLong(name))) {
                        found.add(Long.parseLong(name));
                    }
                } catch (IOException e) {
                    // the process ended meanwhile
                }
            }
        }
        return found;
    }

    /** The step directory an engine process runs in: the last word of its command line. */
    private static Path stepDirectoryOf(final long engine) throws IOException {
        String[] words = new String(Files.readAllBytes(Path.of("/proc", Long.toString(engine), "cmdline")),
                StandardCharsets.UTF_8).split("\0", -1);
        int last = words.length - 1;
        while (last > 0 && words[last].isEmpty()) {
            last--;
        }
        return Path.of(words[last]);
    }

    /** The agent's JVM: the one process this JVM started with {@code java … -jar} (the harness's agent launcher). */
    private static long agentJvm() {
        List<Long> agents = ProcessHandle.current().children().filter(child -> {
            try {
                String line = new String(Files.readAllBytes(Path.of("/proc", Long.toString(child.pid()), "cmdline")),
                        StandardCharsets.UTF_8);
                return line.contains("java") && line.contains("\0-jar\0");
            } catch (IOException e) {
                return false;
            }
        }).map(ProcessHandle::pid).toList();
        assertThat(agents).as("the agent's JVM").hasSize(1);
        return agents.get(0);
    }

    @Test
    void aLostAgentsDurableDeployWaitsForItThenIsRecordedInterruptedAndDeployedAgainOnANewAgent() throws Exception {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        Path repo = repository();
        r.createOnlineSlave(r.jenkins.getLabelAtom("first"));
        WorkflowJob p = job("lost-agent", terraform, repo);

        WorkflowRun b1 = p.scheduleBuild2(0).waitForStart();
        awaitApplying(b1);
        List<Long> wrapper = wrappers("lost-agent");
        assertThat(wrapper).as("the apply's tool wrapper").hasSize(1);
        List<Long> engine = processes(EngineProcess.class.getName(), r.jenkins.getRootDir() + "/");
        assertThat(engine).as("the step's engine process").hasSize(1);
        Path stepDir = stepDirectoryOf(engine.get(0));
        long agent = agentJvm();
        assertThat(ProcessHandle.of(agent).orElseThrow().descendants().map(ProcessHandle::pid))
                .as("the engine and the tool run outside the agent's JVM, as sh's script does")
                .doesNotContain(wrapper.get(0), engine.get(0));
        new ProcessBuilder("kill", "-KILL", Long.toString(agent)).start().waitFor();
        long killed = System.nanoTime();

        List<Long> left = new ArrayList<>(wrapper);
        left.addAll(engine);
        try {
            r.assertBuildStatus(Result.FAILURE, r.waitForCompletion(b1));
            assertThat(Duration.ofNanos(System.nanoTime() - killed)).as("the step waited for the agent")
                    .isGreaterThanOrEqualTo(RECONNECT);
            // ChannelClosedException or RequestAbortedException, whichever remoting raised first
            r.assertLogContains("); the engine runs on there: waiting up to 15s for it", b1);
            r.assertLogContains("Stack Drift: the agent cannot be reached (", b1);
            r.assertLogContains("Stack Drift: net: interrupted: the connection to the agent was lost during its deploy", b1);
            r.assertLogContains("Stack Drift: the deploy did not finish: the connection to its agent was lost; net marked"
                    + " interrupted", b1);
            r.assertLogNotContains("\tat hudson.remoting", b1);
            assertThat(b1.getAction(StackDriftInterruptedAction.class)).isNotNull()
                    .satisfies(a -> assertThat(a.getInterruptedStacks()).containsExactly("net"));
            assertThat(JobHistory.inJobDir(p.getRootDir()).trail()).anySatisfy(entry -> {
                assertThat(entry.runId()).isEqualTo(b1.getId());
                assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
            });
            // the step does not stop the tool of an agent it lost: it runs on, as sh's script does
            System.out.println("LostAgentITest: after the build ended, alive: wrapper " + alive(wrapper.get(0)) + ", engine "
                    + alive(engine.get(0)) + "; step directory exists: " + Files.isDirectory(stepDir));
            assertThat(alive(wrapper.get(0))).as("the apply's wrapper after the step gave up").isTrue();
            // what docs/jenkins.md tells an operator: the step directory's stop file stops what no controller follows
            Files.writeString(stepDir.resolve(ToolWrapper.STOP_FILE), "");
            awaitGone(left, GRACE.plusSeconds(60));
            assertStateValidAndUnlocked();
        } finally {
            // whatever failed above, the next test finds no apply of this one
            for (long pid : left) {
                ProcessHandle.of(pid).ifPresent(process -> {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                });
            }
        }

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
    void anAbortOfAStepThatIsNotDurableAsksTerraformToStopWithSigintAndItsStateStaysValid() throws Exception {
        String terraform = SleepingApply.terraformDirectory();
        Assumptions.assumeTrue(terraform != null, "no terraform on PATH: this test needs real Terraform");
        durability(false);
        Path repo = repository();
        r.createOnlineSlave(r.jenkins.getLabelAtom("first"));
        WorkflowJob p = job("abort", terraform, repo);

        WorkflowRun b = p.scheduleBuild2(0).waitForStart();
        awaitApplying(b);
        List<Long> wrapper = wrappers("abort");
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
