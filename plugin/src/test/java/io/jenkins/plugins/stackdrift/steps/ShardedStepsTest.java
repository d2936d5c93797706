package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import com.cloudbees.plugins.credentials.common.StandardCredentials;
import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.util.Secret;
import io.jenkins.plugins.stackdrift.DemoWorkspace;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.BuildShards;
import io.jenkins.plugins.stackdrift.agent.LocalEngineGateway;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.agent.ShardRoute;
import io.jenkins.plugins.stackdrift.credentials.AllowedCredentials;
import io.jenkins.plugins.stackdrift.credentials.CredentialsEnvironment;
import io.jenkins.plugins.stackdrift.credentials.CredentialsLookup;
import io.jenkins.plugins.stackdrift.credentials.SecretFileWriter;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.render.SecretMask;
import io.stackdrift.testing.PosixOnly;

/**
 * The shards of one build on this machine: {@code stackShards} and the shards' {@code deployStacks} on the controller
 * side ({@link StackDriftStepRun}) with the real agent call, the core engine and the demo's simulated tools, each step
 * with a gateway of its own, all reaching the build's one board ({@link BuildShardsAction}). Only Jenkins' channel is
 * replaced (the board is reached directly, where the real build exports it over the agent's channel). The split is set
 * by the test where the order matters: network (and the Pulumi stacks) in shard 1, dns, which depends on network, in 2.
 */
@PosixOnly
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ShardedStepsTest {
    private static final Map<String, String> SECRETS = Map.of(
            "aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
            "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");
    private static final List<List<String>> SPLIT = List.of(List.of("network", "platform:prod", "shop-app:prod"), List.of("dns"));

    @TempDir
    Path root;

    private Path workspace;
    private Path jobDir;
    private final Job<?, ?> job = mock(Job.class);
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final TaskListener listener = mock(TaskListener.class);
    private final Run<?, ?> run = mock(Run.class);
    private final AtomicReference<BuildShardsAction> recorded = new AtomicReference<>();

    @BeforeEach
    void demo() throws IOException {
        workspace = DemoWorkspace.copyTo(Files.createDirectories(root.resolve("ws")));
        jobDir = Files.createDirectories(root.resolve("job"));
        when(job.getFullName()).thenReturn("folder/shards-" + System.nanoTime());
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        when(listener.getLogger()).thenReturn(new PrintStream(console, true, StandardCharsets.UTF_8));
        when(run.getId()).thenReturn("7");
        when(run.getNumber()).thenReturn(7);
        when(run.getRootDir()).thenReturn(Files.createDirectories(root.resolve("builds/7")).toFile());
        doReturn(job).when(run).getParent();
        when(run.getCauses()).thenReturn(List.of());
        // the build keeps the actions added to it: the partition stackShards records is what the shards' steps find
        doAnswer(call -> {
            if (call.getArgument(0) instanceof BuildShardsAction action) {
                recorded.set(action);
            }
            return null;
        }).when(run).addAction(any(Action.class));
        when(run.getAction(BuildShardsAction.class)).thenAnswer(call -> recorded.get());
    }

    private CredentialsEnvironment credentials(final Map<String, String> secrets) {
        CredentialsLookup lookup = id -> Optional.ofNullable(secrets.get(id.value())).map(ShardedStepsTest::secretText);
        // the Jenkinsfile's allowedCredentials names these ids: without a list nothing is bound
        return new CredentialsEnvironment(lookup, mock(SecretFileWriter.class), SecretMask::patternOf)
                .withAllowed(AllowedCredentials.of(secrets.keySet(), List.of(), List.of()));
    }

    private static StandardCredentials secretText(final String value) {
        StringCredentials credentials = mock(StringCredentials.class);
        Secret secret = mock(Secret.class);
        when(secret.getPlainText()).thenReturn(value);
        when(credentials.getSecret()).thenReturn(secret);
        return credentials;
    }

    private LocalEngineGateway gateway(final String name) throws IOException {
        return new LocalEngineGateway(workspace, Files.createDirectories(root.resolve("tmp/" + name)), listener);
    }

    /** deployStacks(shard: number, of: 2, lockTimeout: wait), parallelism 1. */
    private Map<String, Object> deployShard(final int number, final Duration wait, final Map<String, String> secrets)
            throws Exception {
        StepSettings settings = new StepSettings(null, List.of(), 1).withShard(number, 2)
                .withId(StepIds.ofShard("deploy", number)).withLocking(null, wait);
        return new StackDriftStepRun(settings, Operation.DEPLOY, run, listener, gateway("deploy-" + number), credentials(secrets),
                StackDriftGlobalConfiguration.Defaults.builtIn(), Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace)),
                JobHistory.inJobDir(jobDir.toFile()), null).run();
    }

    private BuildShards split(final List<List<String>> partition) throws AbortException {
        return BuildShardsAction.record(run, partition).board();
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    @Test
    void stackShardsSplitsEveryStackOnceRecordsTheSplitInTheBuildAndReturnsPlainLists() throws Exception {
        List<List<String>> shards = new StackShardsRun(new StepSettings(null, List.of(), 1), 2, run, listener, gateway("split"),
                StackDriftGlobalConfiguration.Defaults.builtIn(), JobHistory.inJobDir(jobDir.toFile())).run();

        assertThat(shards).hasSize(2);
        assertThat(shards.stream().flatMap(List::stream).sorted().toList())
                .containsExactly("dns", "network", "platform:prod", "shop-app:prod");
        // what a sandboxed script gets: JDK lists of strings, nothing of the plugin's
        assertThat(shards.getClass().getName()).startsWith("java.util.");
        shards.forEach(shard -> assertThat(shard.getClass().getName()).startsWith("java.util."));
        assertThat(recorded.get().getShards()).isEqualTo(shards);
        assertThat(console()).contains("Stack Drift: shard 1 of 2 (2 stacks)", "Stack Drift: shard 2 of 2 (2 stacks)");
    }

    @Test
    void aStackOfOneShardWaitsForItsDependencyInTheOtherShardOnTheBuildsBoard() throws Exception {
        BuildShards board = split(SPLIT);
        ExecutorService branches = Executors.newFixedThreadPool(2);
        try {
            // the branch that waits starts first
            Future<Map<String, Object>> second = branches.submit(() -> deployShard(2, Duration.ofMinutes(2), SECRETS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!console().contains("waits for") && !second.isDone() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            Future<Map<String, Object>> first = branches.submit(() -> deployShard(1, Duration.ofMinutes(2), SECRETS));
            Map<String, Object> dns = second.get(100, TimeUnit.SECONDS);
            Map<String, Object> network = first.get(100, TimeUnit.SECONDS);

            String log = console();
            assertThat(log).contains("Stack Drift: dns waits for network, in shard 1 of 2");
            // dns was previewed after network deployed in this build: its wait ended with network's post
            assertThat(log.indexOf("dns: deploying")).as(log).isGreaterThan(log.indexOf("dns waits for network"));
            assertThat(log.indexOf("dns: deploying")).as(log).isGreaterThan(log.indexOf("network: deployed"));
            assertThat(dns).containsEntry("result", "SUCCESS");
            assertThat(network).containsEntry("result", "SUCCESS");
            assertThat((List<?>) dns.get("rows")).hasSize(1);
            assertThat((List<?>) network.get("rows")).hasSize(3);
            // one board: both shards' outcomes and ends are on it
            assertThat(board.posts()).extracting(post -> post.get(0)).containsExactly("dns", "network", "platform:prod", "shop-app:prod");
            assertThat(board.ended()).containsExactly(1, 2);
        } finally {
            branches.shutdownNow();
        }
    }

    @Test
    void aDependencyThatFailedInTheOtherShardSkipsTheStackWithTheReason() throws Exception {
        BuildShards board = split(SPLIT);
        Map<String, String> noNetworkKey = new TreeMap<>(SECRETS);
        noNetworkKey.remove("aws-network-key");

        deployShard(1, Duration.ofMinutes(1), noNetworkKey);
        Map<String, Object> dns = deployShard(2, Duration.ofMinutes(1), SECRETS);

        assertThat(board.posts()).contains(List.of("network", "FAILED", ""));
        assertThat(console()).contains("Stack Drift: dns: skipped — dependency network failed in shard 1 of 2");
        assertThat(dns).containsEntry("failed", List.of());
    }

    @Test
    void aWaitGivesUpAfterTheLockTimeoutAndTheStackFailsWithTheReason() throws Exception {
        BuildShards board = split(SPLIT);

        Map<String, Object> dns = deployShard(2, Duration.ofSeconds(2), SECRETS);

        assertThat(console()).contains("dns waits for network, in shard 1 of 2")
                .contains("dependency network was not seen to end in shard 1 of 2 within 2s (lockTimeout)");
        assertThat(board.posts()).containsExactly(List.of("dns", "FAILED", ""));
        assertThat(dns).containsEntry("failed", List.of("dns"));
        assertThat(board.ended()).containsExactly(2);
        assertThat(dns).containsKey("rows");
    }

    @Test
    void aShardStepWithoutTheBuildsSplitOrWithAnotherCountRunsNothing() throws Exception {
        assertThatThrownBy(() -> deployShard(1, Duration.ZERO, SECRETS)).isInstanceOf(AbortException.class)
                .hasMessageContaining("this build has no shards yet").hasMessageContaining("stackShards(count: 2)");
        split(List.of(List.of("network"), List.of("dns"), List.of("platform:prod", "shop-app:prod")));
        assertThatThrownBy(() -> deployShard(1, Duration.ZERO, SECRETS)).isInstanceOf(AbortException.class)
                .hasMessageContaining("split its stacks into 3 shards; give of: 3");
        assertThatThrownBy(() -> split(SPLIT)).isInstanceOf(AbortException.class)
                .hasMessageContaining("already split its stacks into 3 shards");
        StepSettings destroy = new StepSettings(null, List.of(), 1).withShard(1, 3)
                .withDeploy(DeployMode.APPLY, Approval.NOT_GIVEN, DeployKind.DESTROY);
        assertThatThrownBy(() -> BuildShardsAction.boardFor(run, destroy, Operation.DEPLOY)).isInstanceOf(AbortException.class)
                .hasMessageContaining("a destroy is not split into shards");
        StepSettings ownStacks = new StepSettings(null, List.of("dns"), 1).withShard(1, 3);
        assertThatThrownBy(() -> BuildShardsAction.boardFor(run, ownStacks, Operation.DEPLOY)).isInstanceOf(AbortException.class)
                .hasMessageContaining("leave out stacks:");
        assertThat(Files.exists(jobDir.resolve(JobHistory.DIR_NAME).resolve("runs"))).isFalse();
    }

    /** deployStacks(shard: number, of: 2, lockTimeout: wait, shardStartTimeout: start), parallelism 1. */
    private Map<String, Object> deployShard(final int number, final Duration wait, final Duration start) throws Exception {
        StepSettings settings = new StepSettings(null, List.of(), 1).withShard(number, 2)
                .withId(StepIds.ofShard("deploy", number)).withLocking(null, wait).withShardWaits(start, null);
        return new StackDriftStepRun(settings, Operation.DEPLOY, run, listener, gateway("deploy-" + number), credentials(SECRETS),
                StackDriftGlobalConfiguration.Defaults.builtIn(), Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace)),
                JobHistory.inJobDir(jobDir.toFile()), null).run();
    }

    @Test
    void afterARestartAShardWhoseStepWasRunningNoLongerKeepsTheShardsThatStartLaterWaiting() throws Exception {
        BuildShardsAction action = BuildShardsAction.record(run, SPLIT);
        action.onAttached(run);
        // shard 1's step started, then the controller restarted before it ended: only the saved board is left
        action.board().start(1);
        assertThat(root.resolve("builds/7").resolve(BoardFile.NAME)).exists();
        BuildShardsAction loaded = new BuildShardsAction(SPLIT);
        loaded.onLoad(run);
        recorded.set(loaded);

        long started = System.nanoTime();
        Map<String, Object> dns = deployShard(2, Duration.ofMinutes(10), SECRETS);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMinutes(1));
        assertThat(console()).contains("dependency network was not deployed: shard 1 of 2 is gone (its step was running when "
                + "the controller restarted");
        assertThat(dns).containsEntry("failed", List.of("dns"));
        assertThat(loaded.board().ended()).containsExactly(2);
        assertThat(loaded.board().gone()).containsOnlyKeys(1);
    }

    @Test
    void aShardWaitsForAShardThatNeverStartedOnlyItsShardStartTimeoutAndSaysItNeedsAnExecutor() throws Exception {
        split(SPLIT);

        long started = System.nanoTime();
        Map<String, Object> dns = deployShard(2, Duration.ofMinutes(10), Duration.ofSeconds(2));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMinutes(1));
        assertThat(console()).contains("dependency network was not deployed: shard 1 of 2 is gone (its step did not start "
                + "within 2s (shardStartTimeout)");
        assertThat(dns).containsEntry("failed", List.of("dns"));
    }

    @Test
    void aCheckShardWaitsAnHourForARunningShardUnlessItsShardTimeoutSaysOtherwise() throws Exception {
        split(SPLIT);
        LocalEngineGateway gateway = spy(gateway("check-2"));
        StepSettings settings = new StepSettings(null, List.of(), 1).withShard(2, 2).withId(StepIds.ofShard("check", 2));
        // shard 1 is running (it started) but never posts: the wait for it is the check's own
        recorded.get().board().start(1);

        new StackDriftStepRun(settings.withShardWaits(null, Duration.ofSeconds(2)), Operation.CHECK, run, listener, gateway,
                credentials(SECRETS), StackDriftGlobalConfiguration.Defaults.builtIn(),
                Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace)), JobHistory.inJobDir(jobDir.toFile()), null).run();

        ArgumentCaptor<ShardRoute> route = ArgumentCaptor.forClass(ShardRoute.class);
        verify(gateway).run(any(), any(), any(), any(), any(), any(), any(), route.capture());
        assertThat(route.getValue().waitTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(route.getValue().waitSetting()).isEqualTo("shardTimeout");
        assertThat(console()).contains("within 2s (shardTimeout)");
        assertThat(ShardWaits.CHECK_SHARD_WAIT).isEqualTo(Duration.ofHours(1));
    }
}
