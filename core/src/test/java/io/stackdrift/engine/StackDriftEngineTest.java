package io.stackdrift.engine;

import static io.stackdrift.engine.ScriptedAdapter.change;
import static io.stackdrift.testing.RowAssert.assertThatRow;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.local.FileStackLocks;
import io.stackdrift.model.Action;
import io.stackdrift.model.Approval;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.DriftNews;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryLayout;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.StackStatus;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.spi.CredentialsResolver;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.MissingCredentialsException;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.Requests;
import io.stackdrift.tool.StackOutput;

class StackDriftEngineTest {
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @TempDir
    Path repo;
    @TempDir
    Path scratch;

    private final ScriptedAdapter.World world = new ScriptedAdapter.World();
    private final List<String> progress = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger runs = new AtomicInteger();
    private CredentialsResolver credentials = CredentialsResolver.NONE;
    private Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    // ---------------------------------------------------------------------------------------------
    // deploy

    @Test
    void aFailedMiddleOfAChainSkipsWhatDependsOnItAndNothingElse() throws IOException {
        terraform("a", "b", "c", "solo");
        config("""
                stacks:
                  - dir: b
                    dependsOn: [a]
                  - dir: c
                    dependsOn: [b]
                """);
        pending("a", "b", "c", "solo");
        world.stack("b").previewFailure = "Error: Invalid provider configuration";

        RunOutcome outcome = engine().deploy(request());

        assertThat(state(outcome, "a")).isEqualTo(RowState.IN_SYNC);
        assertThatRow(row(outcome, "b")).hasState(RowState.FAILED);
        assertThat(row(outcome, "b").reason()).isEqualTo("Error: Invalid provider configuration");
        assertThatRow(row(outcome, "c")).hasState(RowState.SKIPPED);
        assertThat(row(outcome, "c").reason()).isEqualTo("dependency b failed");
        assertThat(state(outcome, "solo")).isEqualTo(RowState.IN_SYNC);
        assertThat(world.callsFor("preview")).doesNotContain("c");
        assertThat(world.callsFor("apply")).containsExactlyInAnyOrder("a", "solo");
        assertThat(trail(outcome)).extracting(e -> e.stack().value() + " " + e.result().word())
                .containsExactlyInAnyOrder("a deployed", "b failed", "solo deployed");
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.ERROR);
    }

    @Test
    void aDiamondPreviewsEachStackOnlyAfterItsDependenciesDeployed() throws IOException {
        terraform("a", "b", "c", "d");
        config("""
                parallelism: 4
                stacks:
                  - dir: b
                    dependsOn: [a]
                  - dir: c
                    dependsOn: [a]
                  - dir: d
                    dependsOn: [b, c]
                """);
        pending("a", "b", "c", "d");

        RunOutcome outcome = engine().deploy(request());

        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.OK);
        List<String> calls = List.copyOf(world.calls);
        assertThat(calls.indexOf("preview b")).isGreaterThan(calls.indexOf("apply a"));
        assertThat(calls.indexOf("preview c")).isGreaterThan(calls.indexOf("apply a"));
        assertThat(calls.indexOf("preview d")).isGreaterThan(calls.indexOf("apply b")).isGreaterThan(calls.indexOf("apply c"));
        assertThat(trail(outcome)).extracting(TrailEntry::result).containsOnly(TrailResult.DEPLOYED);
    }

    @Test
    void anAutoEdgeThatWouldCloseACycleIsDroppedAndNoted() throws IOException {
        pulumi("app", "shop", "prod");
        terraform("net");
        config("""
                stacks:
                  - dir: app
                    name: prod
                    dependsOn: auto
                  - dir: net
                    dependsOn: [shop:prod]
                """);
        world.stack("shop:prod").dependsOn = List.of(StackId.of("net"));
        pending("shop:prod", "net");

        RunOutcome preview = engine().preview(request());
        assertThat(row(preview, "shop:prod").dependsOn()).containsExactly(StackId.of("net"));
        world.calls.clear();
        RunOutcome deploy = engine().deploy(request());

        assertThat(deploy.notes()).anySatisfy(note -> assertThat(note).contains("shop:prod").contains("net").contains("cycle"));
        List<String> calls = List.copyOf(world.calls);
        // the file's edge wins: net waits for shop:prod
        assertThat(calls.indexOf("preview net")).isGreaterThan(calls.indexOf("apply shop:prod"));
        assertThat(deploy.exitCode()).isEqualTo(RunOutcome.OK);
    }

    @Test
    void anApproveStackWaitsForApprovalThenAnApprovedRunAppliesIt() throws IOException {
        terraform("gate", "after");
        config("""
                stacks:
                  - dir: gate
                    drift:
                      mode: approve
                  - dir: after
                    dependsOn: [gate]
                """);
        pending("gate", "after");

        RunOutcome waiting = engine().deploy(request());
        assertThatRow(row(waiting, "gate")).hasState(RowState.AWAITING_APPROVAL);
        assertThatRow(row(waiting, "after")).hasState(RowState.SKIPPED);
        assertThat(world.callsFor("apply")).isEmpty();
        assertThat(waiting.exitCode()).isEqualTo(RunOutcome.CHANGES);

        RunOutcome approved = engine().deploy(request().toBuilder().approval(Approval.GIVEN).build());
        assertThat(world.callsFor("apply")).containsExactly("gate", "after");
        assertThat(state(approved, "gate")).isEqualTo(RowState.IN_SYNC);
        assertThat(approved.exitCode()).isEqualTo(RunOutcome.OK);
    }

    /**
     * The approval records the digest of the plan the approver saw; the approved run applies only that plan: one whose
     * changes (or commit) differ awaits a new approval, with the reason, and nothing is applied.
     */
    @Test
    void anApprovedRunAppliesOnlyThePlanTheApproverSaw() throws IOException {
        terraform("gate");
        config("""
                stacks:
                  - dir: gate
                    drift:
                      mode: approve
                """);
        pending("gate");
        RunOutcome waiting = engine().deploy(request());
        Row seen = row(waiting, "gate");
        assertThat(seen.state()).isEqualTo(RowState.AWAITING_APPROVAL);
        PlanDigest.Approved approval = new PlanDigest.Approved(Map.of(StackId.of("gate"), PlanDigest.of(seen, "c0ffee")),
                "c0ffee", "build #7");

        // someone pushed another change after the approval: its plan is not the one approved
        world.stack("gate").pending = List.of(change(Action.DELETE, "aws_vpc.main", Cause.CODE));
        RunOutcome changed = engine().deploy(request().toBuilder().approval(Approval.GIVEN).approvedPlans(approval).build());
        assertThat(world.callsFor("apply")).isEmpty();
        assertThatRow(row(changed, "gate")).hasState(RowState.AWAITING_APPROVAL);
        assertThat(row(changed, "gate").reason()).isEqualTo("its plan differs from the one approved in build #7 (other changes,"
                + " drift, values or commit): nothing was applied; approve this plan again");

        // the same changes from another commit are not what was approved either
        pending("gate");
        RunOutcome otherCommit = engine().deploy(request().toBuilder().approval(Approval.GIVEN)
                .approvedPlans(new PlanDigest.Approved(approval.plans(), "beef", "build #7")).build());
        assertThat(world.callsFor("apply")).isEmpty();
        assertThatRow(row(otherCommit, "gate")).hasState(RowState.AWAITING_APPROVAL);

        RunOutcome same = engine().deploy(request().toBuilder().approval(Approval.GIVEN).approvedPlans(approval).build());
        assertThat(world.callsFor("apply")).containsExactly("gate");
        assertThatRow(row(same, "gate")).hasState(RowState.IN_SYNC);
    }

    @Test
    void aRehearsalPlansInOrderAndAppliesNothing() throws IOException {
        terraform("a", "b");
        config("""
                stacks:
                  - dir: b
                    dependsOn: [a]
                """);
        pending("a", "b");

        RunOutcome outcome = engine().deploy(request().toBuilder().mode(DeployMode.REHEARSAL).build());

        assertThat(world.callsFor("apply")).isEmpty();
        assertThat(world.calls).containsSubsequence("preview a", "preview b");
        assertThat(trail(outcome)).extracting(TrailEntry::result).containsOnly(TrailResult.REHEARSAL);
        assertThatRow(row(outcome, "a")).hasState(RowState.PENDING);
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.CHANGES);
        // nothing was deployed, so the next real deploy is not skipped as unchanged
        engine().deploy(request());
        assertThat(world.callsFor("apply")).containsExactly("a", "b");
    }

    @Test
    void aRehearsalPlansPastAnApproveStackAndSaysItWouldWait() throws IOException {
        terraform("gate", "after");
        config("""
                stacks:
                  - dir: gate
                    drift:
                      mode: approve
                  - dir: after
                    dependsOn: [gate]
                """);
        pending("gate", "after");

        RunOutcome outcome = engine().deploy(request().toBuilder().mode(DeployMode.REHEARSAL).build());

        assertThat(world.calls).containsSubsequence("preview gate", "preview after");
        assertThat(world.callsFor("apply")).isEmpty();
        assertThatRow(row(outcome, "gate")).hasState(RowState.PENDING);
        assertThat(row(outcome, "gate").reason()).isEqualTo("rehearsal: planned, nothing applied; would await approval");
        assertThatRow(row(outcome, "after")).hasState(RowState.PENDING);
        assertThat(trail(outcome)).extracting(e -> e.stack().value() + " " + e.result().word() + " " + e.reason())
                .containsExactly("gate rehearsal would await approval", "after rehearsal ");
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.CHANGES);
    }

    @Test
    void aFailedApplyKeepsThePreviewsChangesAndDriftOnTheRow() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n");
        pending("a");
        world.stack("a").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("a").applyFailure = "Error: UnauthorizedOperation";

        RunOutcome outcome = engine().deploy(request());

        Row a = row(outcome, "a");
        assertThat(a.state()).isEqualTo(RowState.FAILED);
        assertThat(a.reason()).isEqualTo("Error: UnauthorizedOperation");
        assertThat(a.changes()).extracting(c -> c.address() + " " + c.paths()).containsExactly("aws_vpc.main [cidr_block]");
        assertThat(a.drift()).extracting(c -> c.address() + " " + c.paths()).containsExactly("aws_vpc.main [tags.Owner]");
        assertThat(trail(outcome)).extracting(TrailEntry::result).containsExactly(TrailResult.FAILED);
    }

    @Test
    void interruptedTrailEntriesHaveAFinishTime() throws IOException {
        terraform("a", "b");
        config("stacks:\n  - dir: a\n  - dir: b\n");
        pending("a");
        world.stack("a").interruptApply = true;
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        long killedAt = NOW.minus(Duration.ofHours(3)).toEpochMilli();
        history.markDeployStarted(StackId.of("b"), "41", killedAt, DeployKind.DEPLOY);

        // the marker was written by this process: say its run is gone, as for a killed CLI
        RunOutcome outcome = engine(marker -> false)
                .deploy(request().toBuilder().stacks(List.of("a")).build());

        assertThat(trail(outcome)).singleElement().satisfies(entry -> {
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(entry.finishedAt()).isEqualTo(NOW.toEpochMilli());
        });
        assertThat(history.trail()).filteredOn(e -> e.stack().equals(StackId.of("b"))).singleElement().satisfies(entry -> {
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(entry.finishedAt()).isEqualTo(killedAt);
        });
    }

    @Test
    void anUnchangedStackIsLeftAloneByPolicyOnChange() throws IOException {
        terraform("a");
        config("reapply: 0\nstacks:\n  - dir: a\n");
        pending("a");
        engine().deploy(request());
        world.calls.clear();

        RunOutcome second = engine().deploy(request());

        assertThatRow(row(second, "a")).hasState(RowState.SKIPPED);
        assertThat(row(second, "a").reason()).startsWith("unchanged since its last deploy");
        assertThat(world.callsFor("preview")).isEmpty();
    }

    @Test
    void policyOnChangeOrDependencyRedeploysAStackWhoseDependencyChanged() throws IOException {
        terraform("net", "dns", "other");
        config("""
                reapply: 0
                stacks:
                  - dir: dns
                    dependsOn: [net]
                    policy: onChangeOrDependency
                  - dir: other
                    dependsOn: [net]
                """);
        pending("net", "dns", "other");
        engine().deploy(request());
        Files.writeString(repo.resolve("net/extra.tf"), "# a change of the code\n");
        pending("net", "dns", "other");
        world.calls.clear();

        RunOutcome second = engine().deploy(request());

        // both dependents follow net in the same run: dns by its policy, other because net applied changes
        assertThat(world.callsFor("apply")).startsWith("net").containsExactlyInAnyOrder("net", "dns", "other");
        assertThat(row(second, "dns").reason()).isEqualTo("deployed");
        assertThat(progress).contains("dns: deploying (it or a dependency changed since its last deploy at 2026-11-29T12:00:00Z)",
                "other: deploying (its dependency net applied changes in this run)");
    }

    @Test
    void aDependentOfAStackThatAppliedChangesIsPreviewedAfterItUnlessItsPolicyIsOnce() throws IOException {
        terraform("net", "app", "base", "idle");
        config("""
                stacks:
                  - dir: app
                    dependsOn: [net]
                  - dir: base
                    dependsOn: [net]
                    policy: once
                  - dir: idle
                """);
        engine().deploy(request());
        world.calls.clear();
        Files.writeString(repo.resolve("net/extra.tf"), "# a change of the code\n");
        pending("net");

        RunOutcome deploy = engine().deploy(request());

        List<String> calls = List.copyOf(world.calls);
        assertThat(calls).containsSubsequence("apply net", "preview app");
        assertThat(world.callsFor("preview")).containsExactlyInAnyOrder("net", "app");
        assertThatRow(row(deploy, "app")).hasState(RowState.IN_SYNC);
        assertThatRow(row(deploy, "base")).hasState(RowState.SKIPPED);
        assertThat(row(deploy, "base").reason()).startsWith("policy once");
        assertThat(row(deploy, "idle").reason()).startsWith("unchanged since its last deploy");
        assertThat(progress).contains("app: deploying (its dependency net applied changes in this run)");
    }

    @Test
    void aDeployAskedForNowDeploysWhateverThePolicyAndTheDigestAndStillWaitsForApproval() throws IOException {
        terraform("a", "once", "approve");
        config("""
                reapply: 0
                stacks:
                  - dir: once
                    policy: once
                  - dir: approve
                    drift:
                      mode: approve
                """);
        pending("a", "once", "approve");
        engine().deploy(request().toBuilder().approval(Approval.GIVEN).build());
        // someone applied by hand: the code is unchanged, a preview would show changes again
        pending("a", "once", "approve");
        world.calls.clear();

        RunOutcome skipped = engine().deploy(request());
        assertThat(row(skipped, "a").reason()).contains("; deploy it anyway with --now (now: true on the step)");
        assertThat(world.callsFor("apply")).isEmpty();

        RunOutcome now = engine().deploy(request().withTiming(Timing.NOW));

        assertThat(world.callsFor("apply")).containsExactlyInAnyOrder("a", "once");
        assertThatRow(row(now, "approve")).hasState(RowState.AWAITING_APPROVAL);
        assertThat(progress).contains("once: deploying (asked for now, whatever its policy and digest (policy once: deployed at "
                + "2026-11-29T12:00:00Z, never again by itself))");
    }

    @Test
    void policyOnceDeploysOnlyOnce() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n    policy: once\n");
        pending("a");
        engine().deploy(request());
        Files.writeString(repo.resolve("a/extra.tf"), "# a change of the code\n");
        pending("a");
        world.calls.clear();

        RunOutcome second = engine().deploy(request());

        assertThat(world.calls).isEmpty();
        assertThat(row(second, "a").reason()).startsWith("policy once");
    }

    @Test
    void aDeployOfAStackThatHadDriftRecordsTheRestoredPathsAndWritesOutputsWithoutSensitiveValues() throws IOException {
        terraform("net");
        config("""
                stacks:
                  - dir: net
                    outputs: out/net.json
                """);
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("vpc-123"), false),
                new StackOutput("token", TextNode.valueOf("s3cr3t"), true));

        RunOutcome outcome = engine().deploy(request());

        TrailEntry entry = trail(outcome).get(0);
        assertThat(entry.result()).isEqualTo(TrailResult.DEPLOYED);
        assertThat(entry.repairedDrift()).isTrue();
        assertThat(entry.restoredPaths()).containsExactly("aws_vpc.main.tags.Owner");
        String written = Files.readString(repo.resolve("out/net.json"));
        assertThat(new ObjectMapper().readTree(written).get("vpc_id").asText()).isEqualTo("vpc-123");
        assertThat(written).doesNotContain("token").doesNotContain("s3cr3t");
        assertThat(String.join("\n", progress)).doesNotContain("vpc-123").doesNotContain("s3cr3t");
    }

    @Test
    void aDeployOfOneStackReadsNoRunsDetailsAndStillReportsTheDriftItsCheckFound() throws IOException {
        terraform("big", "tiny");
        config("stacks:\n  - dir: big\n  - dir: tiny\n");
        List<Change> many = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            many.add(change(Action.UPDATE, "aws_vpc.v" + i, Cause.DRIFT, "tags.Owner"));
        }
        world.stack("big").drift = many;
        world.stack("tiny").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        engine().check(request());
        Path record = scratch.resolve("record");
        HistoryLayout layout = new HistoryLayout(record);
        // every run's details turned to garbage: reading one would be skipped with a warning
        for (long sequence : layout.sequences(true)) {
            Files.writeString(layout.detailsFile(sequence), "{\"format\":");
        }
        // the deploy's own preview no longer shows the drift: what it put back comes from the check's record
        world.stack("tiny").drift = List.of();
        world.stack("tiny").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags.Owner"));

        HistoryStore history = new HistoryStore(record);
        SavingHost host = new SavingHost(new StackDriftEngine(services(history, HistoryStore::isRunningHere),
                (tool, refs) -> new ScriptedAdapter(world)), history);
        RunOutcome deploy = host.deploy(request().toBuilder().stacks(List.of("tiny")).build());

        assertThat(trail(deploy)).singleElement().satisfies(e -> assertThat(e.restoredPaths()).containsExactly("aws_vpc.main.tags.Owner"));
        assertThat(history.warnings()).isEmpty();
        assertThat(host.check(request().toBuilder().stacks(List.of("tiny")).build()).run()).isPresent();
        assertThat(history.warnings()).isEmpty();
    }

    @Test
    void aDeployInterruptedByAKillIsSeenAsInterruptedByTheNextRun() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n");
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        // a run that died mid-deploy leaves its marker behind
        history.markDeployStarted(StackId.of("a"), "41", NOW.toEpochMilli(), DeployKind.DEPLOY);

        RunOutcome next = engine(marker -> false)
                .preview(request());

        assertThat(history.trail()).first().satisfies(entry -> {
            assertThat(entry.stack()).isEqualTo(StackId.of("a"));
            assertThat(entry.result()).isEqualTo(TrailResult.INTERRUPTED);
        });
        assertThat(history.deploysInProgress()).isEmpty();
        assertThat(next.notes()).anySatisfy(note -> assertThat(note).startsWith("a: an earlier deploy was interrupted"));
    }

    @Test
    void anApplyInterruptedInThisRunIsRecordedAsInterruptedAndTheRecordIsStillSaved() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n");
        pending("a");
        world.stack("a").interruptApply = true;

        RunOutcome outcome = engine().deploy(request());

        assertThat(trail(outcome)).extracting(TrailEntry::result).containsExactly(TrailResult.INTERRUPTED);
        assertThatRow(row(outcome, "a")).hasState(RowState.FAILED);
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        assertThat(history.summaries()).hasSize(1);
        assertThat(history.deploysInProgress()).isEmpty();
    }

    @Test
    void interruptingTheRunStopsARunningApplyRecordsItAndSavesTheRun() throws Exception {
        terraform("slow", "after");
        config("stacks:\n  - dir: after\n    dependsOn: [slow]\n");
        pending("slow", "after");
        world.stack("slow").sleepApplySeconds = 30;
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            while (!world.calls.contains("apply slow")) {
                Thread.onSpinWait();
            }
            caller.interrupt();
        });
        interrupter.start();

        RunOutcome outcome = engine().deploy(request());

        assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
        interrupter.join();
        assertThat(trail(outcome)).extracting(e -> e.stack().value() + " " + e.result().word()).containsExactly("slow interrupted");
        assertThatRow(row(outcome, "after")).hasState(RowState.SKIPPED);
        // one progress line for the interrupted stack, with the trail's word: no "failed" line after it
        assertThat(progress).filteredOn(line -> line.startsWith("slow:") && (line.contains("interrupted") || line.contains("failed")))
                .singleElement()
                .satisfies(line -> assertThat(line).startsWith("slow: interrupted — "));
        assertThat(world.callsFor("preview")).doesNotContain("after");
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        assertThat(history.summaries()).hasSize(1);
        assertThat(history.deploysInProgress()).isEmpty();
    }

    // ---------------------------------------------------------------------------------------------
    // destroy

    private RunRequest destroy() {
        return request().toBuilder().kind(DeployKind.DESTROY).build();
    }

    @Test
    void aDestroyGoesInReverseDependencyOrderWithoutDriftChecksAndRecordsDestroyed() throws IOException {
        terraform("net", "dns", "app", "solo");
        config("""
                parallelism: 4
                stacks:
                  - dir: dns
                    dependsOn: [net]
                  - dir: app
                    dependsOn: [dns]
                """);

        RunOutcome outcome = engine().deploy(destroy());

        List<String> calls = List.copyOf(world.calls);
        assertThat(calls.indexOf("destroy-plan dns")).isGreaterThan(calls.indexOf("destroy app"));
        assertThat(calls.indexOf("destroy-plan net")).isGreaterThan(calls.indexOf("destroy dns"));
        assertThat(world.callsFor("destroy")).containsExactlyInAnyOrder("app", "dns", "net", "solo");
        assertThat(world.callsFor("check")).isEmpty();
        assertThat(world.callsFor("preview")).isEmpty();
        assertThat(world.callsFor("apply")).isEmpty();
        assertThat(trail(outcome)).extracting(e -> e.stack().value() + " " + e.result().word())
                .containsExactlyInAnyOrder("app destroyed", "dns destroyed", "net destroyed", "solo destroyed");
        // destroyed, never in sync: a destroy must not read as a healthy run in any output
        assertThatRow(row(outcome, "dns")).hasState(RowState.DESTROYED);
        assertThat(record(outcome).counts().destroyed()).isEqualTo(4);
        assertThat(record(outcome).counts().inSync()).isZero();
        assertThat(record(outcome).kind()).isEqualTo(RunKind.DEPLOY);
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.OK);
        assertThat(progress).contains("destroying net (terraform)…", "net: destroyed");
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        assertThat(history.deploysInProgress()).isEmpty();
    }

    @Test
    void aFailedDestroySkipsTheStacksItDependsOnAndLeavesOthersGoing() throws IOException {
        terraform("net", "dns", "app", "solo");
        config("""
                stacks:
                  - dir: dns
                    dependsOn: [net]
                  - dir: app
                    dependsOn: [dns]
                """);
        world.stack("dns").destroyFailure = "tofu apply failed: Error: deleting zone: in use";

        RunOutcome outcome = engine().deploy(destroy());

        assertThatRow(row(outcome, "app")).hasState(RowState.DESTROYED);
        assertThatRow(row(outcome, "dns")).hasState(RowState.FAILED);
        assertThat(row(outcome, "dns").reason()).isEqualTo("destroy: tofu apply failed: Error: deleting zone: in use");
        assertThatRow(row(outcome, "net")).hasState(RowState.SKIPPED);
        assertThat(row(outcome, "net").reason()).isEqualTo("dependent dns failed");
        assertThat(world.callsFor("destroy-plan")).doesNotContain("net");
        assertThatRow(row(outcome, "solo")).hasState(RowState.DESTROYED);
        assertThat(trail(outcome)).extracting(e -> e.stack().value() + " " + e.result().word())
                .containsExactlyInAnyOrder("app destroyed", "dns failed", "solo destroyed");
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.ERROR);
    }

    @Test
    void aDestroyRehearsalPlansInReverseOrderAndDestroysNothing() throws IOException {
        terraform("net", "dns");
        config("stacks:\n  - dir: dns\n    dependsOn: [net]\n");
        world.stack("net").exists = false;

        RunOutcome outcome = engine().deploy(request().toBuilder().mode(DeployMode.REHEARSAL).kind(DeployKind.DESTROY).build());

        assertThat(world.calls).containsExactly("destroy-plan dns", "destroy-plan net");
        assertThat(trail(outcome)).extracting(e -> e.stack().value() + " " + e.result().word() + " " + e.reason())
                .containsExactly("dns rehearsal destroy: planned, nothing destroyed", "net rehearsal destroy: nothing to destroy");
        assertThatRow(row(outcome, "dns")).hasState(RowState.PENDING);
        assertThat(row(outcome, "dns").changes()).extracting(c -> c.action()).containsExactly(Action.DELETE);
        assertThat(row(outcome, "net").reason()).isEqualTo("rehearsal: nothing to destroy");
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.CHANGES);
        assertThat(new HistoryStore(scratch.resolve("record")).deploysInProgress()).isEmpty();
    }

    @Test
    void anApproveStackIsDestroyedOnlyWithApprovalAndWhatItDependsOnWaits() throws IOException {
        terraform("net", "gate");
        config("""
                stacks:
                  - dir: gate
                    dependsOn: [net]
                    drift:
                      mode: approve
                """);

        RunOutcome waiting = engine().deploy(destroy());
        assertThatRow(row(waiting, "gate")).hasState(RowState.AWAITING_APPROVAL);
        assertThat(row(waiting, "gate").reason()).isEqualTo("mode approve: destroy with approval to delete these resources");
        assertThat(row(waiting, "net").reason()).isEqualTo("dependent gate awaits approval");
        assertThat(world.callsFor("destroy")).isEmpty();

        RunOutcome approved = engine().deploy(request().toBuilder().approval(Approval.GIVEN).kind(DeployKind.DESTROY).build());
        assertThat(world.callsFor("destroy")).containsExactly("gate", "net");
        assertThat(approved.exitCode()).isEqualTo(RunOutcome.OK);
    }

    @Test
    void aDestroyForgetsTheLastDeploySoTheNextDeployCreatesTheStackAgain() throws IOException {
        terraform("a", "b");
        config("reapply: 0\nstacks:\n  - dir: b\n    dependsOn: [a]\n");
        pending("a", "b");
        engine().deploy(request());
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        assertThat(history.stackStatuses().get(StackId.of("a")).everDeployed()).isTrue();

        engine().deploy(destroy());
        assertThat(history.stackStatuses().get(StackId.of("a")).everDeployed()).isFalse();
        world.calls.clear();
        RunOutcome again = engine().deploy(request());

        assertThat(world.callsFor("apply")).containsExactly("a", "b");
        assertThat(row(again, "a").reason()).isEqualTo("deployed");
        assertThat(progress).contains("a: deploying (never deployed)");
    }

    @Test
    void nothingToDestroyIsRecordedAndForgetsTheDeployToo() throws IOException {
        terraform("a");
        config("reapply: 0\nstacks:\n  - dir: a\n    outputs: out/a.json\n");
        pending("a");
        world.stack("a").outputs = List.of(new StackOutput("id", TextNode.valueOf("a-1"), false));
        engine().deploy(request());
        assertThat(repo.resolve("out/a.json")).exists();
        world.stack("a").exists = false;

        RunOutcome outcome = engine().deploy(destroy());

        assertThat(world.callsFor("destroy")).isEmpty();
        assertThat(trail(outcome)).extracting(TrailEntry::result).containsExactly(TrailResult.NOTHING_TO_DESTROY);
        assertThat(row(outcome, "a").reason()).isEqualTo("nothing to destroy");
        assertThat(repo.resolve("out/a.json")).doesNotExist();
        assertThat(new HistoryStore(scratch.resolve("record")).stackStatuses().get(StackId.of("a")).everDeployed()).isFalse();
    }

    @Test
    void aDestroyedStacksOutputsFileIsRemoved() throws IOException {
        terraform("net");
        config("stacks:\n  - dir: net\n    outputs: out/net.json\n");
        world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("vpc-123"), false));
        pending("net");
        engine().deploy(request());
        assertThat(repo.resolve("out/net.json")).exists();

        RunOutcome outcome = engine().deploy(destroy());

        assertThat(repo.resolve("out/net.json")).doesNotExist();
        assertThatRow(row(outcome, "net")).hasState(RowState.DESTROYED);
        assertThat(progress).contains("net: outputs file out/net.json removed");
    }

    @Test
    void aFailedOrInterruptedDestroyForgetsTheDeployAndAFailedDestroyPreviewDoesNot() throws IOException {
        terraform("a", "b", "c");
        config("reapply: 0\nstacks:\n  - dir: a\n  - dir: b\n  - dir: c\n");
        pending("a", "b", "c");
        engine().deploy(request());
        world.stack("a").destroyFailure = "tofu apply failed: Error: x";
        world.stack("b").previewFailure = "tofu plan failed: Error: y";
        world.stack("c").interruptApply = true;

        RunOutcome outcome = engine().deploy(destroy());

        Map<StackId, StackStatus> statuses = new HistoryStore(scratch.resolve("record")).stackStatuses();
        assertThat(statuses.get(StackId.of("a")).everDeployed()).isFalse();
        assertThat(statuses.get(StackId.of("b")).everDeployed()).isTrue();
        assertThat(row(outcome, "b").reason()).isEqualTo("destroy: tofu plan failed: Error: y");
        assertThat(trail(outcome)).filteredOn(e -> e.stack().value().equals("c")).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo(TrailResult.INTERRUPTED);
            assertThat(e.reason()).contains("interrupted during this destroy");
        });
        assertThat(statuses.get(StackId.of("c")).everDeployed()).isFalse();
        assertThat(new HistoryStore(scratch.resolve("record")).deploysInProgress()).isEmpty();
    }

    // ---------------------------------------------------------------------------------------------
    // drift check

    @Test
    void modeCorrectRepairsDriftThroughAFreshPreviewAndTheTrailNamesThePaths() throws IOException {
        terraform("net", "dns");
        config("""
                stacks:
                  - dir: net
                    drift:
                      mode: correct
                """);
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));

        RunOutcome outcome = engine().check(request());

        assertThat(world.calls).containsSubsequence("check net", "preview net", "apply net");
        assertThatRow(row(outcome, "net")).hasState(RowState.REPAIRED).hasReasonContaining("put back by a deploy in this run")
                .hasDriftCount(1);
        assertThat(outcome.run().orElseThrow().counts().repaired()).isEqualTo(1);
        assertThat(outcome.run().orElseThrow().counts().drifted()).isZero();
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.OK);
        TrailEntry entry = trail(outcome).get(0);
        assertThat(entry.repairedDrift()).isTrue();
        assertThat(entry.restoredPaths()).containsExactly("aws_vpc.main.tags.Owner");
        assertThat(entry.driftedSince()).as("found by this very check").isEqualTo(NOW.toEpochMilli());
        assertThat(world.callsFor("apply")).containsExactly("net");
        assertThat(progress).contains("checking net (terraform)…", "net: drifted — 1 change");
    }

    @Test
    void aStackIsCheckedAfterTheRepairOfADependencyInModeCorrect() throws IOException {
        terraform("net", "dns", "logs");
        config("""
                parallelism: 4
                stacks:
                  - dir: net
                    drift:
                      mode: correct
                  - dir: dns
                    dependsOn: [net]
                  - dir: logs
                """);
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("net").sleepApplySeconds = 3;
        world.stack("net").recordApplyEnd = true;

        RunOutcome outcome = engine().check(request());

        // what dns reads may change with the repair: checked after it, as a deploy's dependent is
        assertThat(List.copyOf(world.calls)).containsSubsequence("applied net", "check dns");
        // a stack depending on no repair is not held back: checked while the repair runs, not after it (the order
        // of the starts is a race between threads; the repair's 3 s are not)
        assertThat(List.copyOf(world.calls)).containsSubsequence("check logs", "applied net");
        assertThatRow(row(outcome, "net")).hasState(RowState.REPAIRED);
        assertThatRow(row(outcome, "dns")).hasState(RowState.IN_SYNC);
    }

    @Test
    void aFailedRepairSkipsTheChecksOfTheStacksThatDependOnIt() throws IOException {
        terraform("net", "dns");
        config("""
                stacks:
                  - dir: net
                    drift:
                      mode: correct
                  - dir: dns
                    dependsOn: [net]
                """);
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("net").applyFailure = "quota exceeded";

        RunOutcome outcome = engine().check(request());

        assertThatRow(row(outcome, "net")).hasState(RowState.FAILED);
        assertThatRow(row(outcome, "dns")).hasState(RowState.SKIPPED);
        assertThat(row(outcome, "dns").reason()).isEqualTo("dependency net failed");
        assertThat(world.callsFor("check")).containsExactly("net");
    }

    @Test
    void aDependencyInModeReportOrdersNoCheck() throws IOException {
        terraform("net", "dns");
        config("""
                parallelism: 2
                stacks:
                  - dir: net
                  - dir: dns
                    dependsOn: [net]
                """);
        world.stack("net").previewFailure = "no network";

        RunOutcome outcome = engine().check(request());

        // a check that cannot repair changes nothing a dependent reads: its failure skips nothing
        assertThatRow(row(outcome, "net")).hasState(RowState.FAILED);
        assertThatRow(row(outcome, "dns")).hasState(RowState.IN_SYNC);
    }

    @Test
    void modeCorrectAppliesNothingWhenTheFreshPreviewAlsoCarriesCodeChanges() throws IOException {
        terraform("net");
        config("stacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        // Terraform's preview lists the revert of the drift as a change, beside a code change nobody reviewed
        world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block", "tags.Owner"));

        RunOutcome outcome = engine().check(request());

        assertThat(world.calls).containsSubsequence("check net", "preview net");
        assertThat(world.callsFor("apply")).isEmpty();
        Row net = row(outcome, "net");
        assertThat(net.state()).isEqualTo(RowState.PENDING_DRIFTED);
        assertThat(net.reason()).isEqualTo("mode correct: not corrected — the stack also has code changes not deployed; "
                + "deploy them to put the drift back");
        assertThat(net.changes()).extracting(c -> String.join(",", c.paths())).containsExactly("cidr_block,tags.Owner");
        assertThat(net.drift()).extracting(c -> c.address() + " " + c.paths()).containsExactly("aws_vpc.main [tags.Owner]");
        assertThat(trail(outcome)).isEmpty();
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.CHANGES);
    }

    @Test
    void modeCorrectAppliesAPreviewWhoseOnlyChangesPutTheDriftBack() throws IOException {
        terraform("net");
        config("stacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags"));
        world.stack("net").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags.Owner", "tags[\"Team\"]"));

        RunOutcome outcome = engine().check(request());

        assertThat(world.callsFor("apply")).containsExactly("net");
        assertThat(row(outcome, "net").reason()).contains("put back by a deploy in this run");
        assertThat(trail(outcome)).extracting(TrailEntry::result).containsExactly(TrailResult.DEPLOYED);
    }

    @Test
    void aRepairOfOutputsThatFollowAnotherStackSaysItTookTheNewValueOfThatStacksOutputs() throws IOException {
        terraform("net", "dns");
        config("stacks:\n  - dir: net\n  - dir: dns\n    dependsOn: [net]\n    drift:\n      mode: correct\n");
        // dns's output reads net's state (terraform_remote_state): net's new output makes dns's output drift
        world.stack("dns").drift = List.of(Change.ofOutput(Action.UPDATE, "net_cidr", Cause.DRIFT));
        world.stack("dns").pending = List.of(Change.ofOutput(Action.UPDATE, "net_cidr", Cause.CODE));

        RunOutcome outcome = engine().check(request());

        assertThat(world.callsFor("apply")).containsExactly("dns");
        assertThatRow(row(outcome, "dns")).hasState(RowState.REPAIRED);
        assertThat(row(outcome, "dns").reason()).isEqualTo("mode correct: a deploy in this run took the new value of net's outputs");
        TrailEntry entry = trail(outcome).get(0);
        assertThat(entry.repairWords()).isEqualTo("took the new value of net's outputs");
        assertThat(entry.upstream()).containsExactly(StackId.of("net"));
        assertThat(progress).contains("dns: mode correct: deploying to take the new value of net's outputs",
                "dns: took the new value of net's outputs: output.net_cidr");
        assertThat(String.join("\n", progress)).doesNotContain("dns: put back");
    }

    @Test
    void aCorrectionKeepsTheAutoDependenciesOfItsPreview() throws IOException {
        pulumi("app", "shop", "prod");
        pulumi("platform", "platform", "prod");
        config("""
                stacks:
                  - dir: app
                    name: prod
                    dependsOn: auto
                    drift:
                      mode: correct
                """);
        world.stack("shop:prod").dependsOn = List.of(StackId.of("platform:prod"));
        world.stack("shop:prod").drift = List.of(change(Action.UPDATE, "aws:s3.bucket", Cause.DRIFT, "tags.Owner"));

        RunOutcome check = engine().check(request());

        assertThat(world.callsFor("apply")).containsExactly("shop:prod");
        assertThat(row(check, "shop:prod").dependsOn()).containsExactly(StackId.of("platform:prod"));
        assertThat(new HistoryStore(scratch.resolve("record")).stackStatuses().get(StackId.of("shop:prod")).dependsOn())
                .containsExactly(StackId.of("platform:prod"));
    }

    @Test
    void driftAgeCountsTheUnbrokenRunOfDriftedChecksAndTheRepairCarriesItsTimeToRepair() throws IOException {
        terraform("net");
        config("drift:\n  every: 1h\nstacks:\n  - dir: net\n");
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));

        RunOutcome first = engine().check(request());
        clock = Clock.fixed(NOW.plus(Duration.ofHours(7)), ZoneOffset.UTC);
        RunOutcome second = engine().check(request());

        assertThat(row(first, "net").driftAge()).isEqualTo(new DriftAge(NOW.toEpochMilli(), 1));
        assertThat(row(second, "net").driftAge()).isEqualTo(new DriftAge(NOW.toEpochMilli(), 2));
        assertThat(DriftNews.of(first.run().orElseThrow().rows()).newlyDrifted()).containsExactly(StackId.of("net"));
        assertThat(DriftNews.of(second.run().orElseThrow().rows()).stillDrifted()).containsExactly(StackId.of("net"));
        assertThat(new HistoryStore(scratch.resolve("record")).stackStatuses().get(StackId.of("net")).driftAge().checks()).isEqualTo(2);

        // the stack switches to mode correct: the third check puts the drift back, 14 hours after it was found
        config("drift:\n  every: 1h\nstacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        clock = Clock.fixed(NOW.plus(Duration.ofHours(14)), ZoneOffset.UTC);
        RunOutcome third = engine().check(request());

        assertThatRow(row(third, "net")).hasState(RowState.REPAIRED);
        // the repaired row keeps when the drift it put back was first seen (for its page); the status ends the drift
        assertThat(row(third, "net").driftAge()).isEqualTo(new DriftAge(NOW.toEpochMilli(), 3));
        assertThat(DriftNews.of(third.run().orElseThrow().rows()).repaired()).containsExactly(StackId.of("net"));
        assertThat(trail(third).get(0).timeToRepair()).contains(Duration.ofHours(14));
        assertThat(new HistoryStore(scratch.resolve("record")).stackStatuses().get(StackId.of("net")).driftAge().isPresent()).isFalse();
    }

    @Test
    void aFailedRepairInModeCorrectFailsTheRowAndKeepsTheDriftListed() throws IOException {
        terraform("net");
        config("stacks:\n  - dir: net\n    drift:\n      mode: correct\n");
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("net").applyFailure = "Error: UnauthorizedOperation";

        RunOutcome outcome = engine().check(request());

        assertThatRow(row(outcome, "net")).hasState(RowState.FAILED);
        assertThat(row(outcome, "net").reason()).endsWith("ended failed: Error: UnauthorizedOperation");
        assertThat(row(outcome, "net").drift()).hasSize(1);
        assertThat(trail(outcome)).extracting(TrailEntry::result).containsExactly(TrailResult.FAILED);
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.ERROR);
    }

    @Test
    void modeReportRecordsDriftAndModeApproveWaits() throws IOException {
        terraform("seen", "gated");
        config("""
                stacks:
                  - dir: gated
                    drift:
                      mode: approve
                """);
        world.stack("seen").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("gated").drift = List.of(change(Action.DELETE, "aws_vpc.main", Cause.DRIFT));

        RunOutcome outcome = engine().check(request());

        assertThatRow(row(outcome, "seen")).hasState(RowState.DRIFTED);
        assertThatRow(row(outcome, "gated")).hasState(RowState.AWAITING_APPROVAL);
        assertThat(world.callsFor("apply")).isEmpty();
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.CHANGES);
    }

    @Test
    void aSecondCheckSkipsStacksThatAreNotDueYet() throws IOException {
        terraform("fast", "slow");
        config("""
                drift:
                  every: 6h
                stacks:
                  - dir: fast
                    drift:
                      every: 15m
                """);
        engine().check(request());
        clock = Clock.fixed(NOW.plus(Duration.ofMinutes(20)), ZoneOffset.UTC);
        world.calls.clear();

        RunOutcome second = engine().check(request());

        assertThat(world.callsFor("check")).containsExactly("fast");
        assertThatRow(row(second, "slow")).hasState(RowState.SKIPPED);
        assertThat(row(second, "slow").reason()).startsWith("not due until");
        assertThat(second.exitCode()).isEqualTo(RunOutcome.OK);
    }

    @Test
    void aCheckAskedForNowChecksTheSelectedStacksWhateverTheirSchedule() throws IOException {
        terraform("fast", "slow");
        config("drift:\n  every: 6h\n");
        engine().check(request());
        clock = Clock.fixed(NOW.plus(Duration.ofMinutes(20)), ZoneOffset.UTC);
        world.calls.clear();

        RunOutcome now = engine().check(request().toBuilder().stacks(List.of("slow")).timing(Timing.NOW).build());

        assertThat(world.callsFor("check")).containsExactly("slow");
        assertThatRow(row(now, "slow")).hasState(RowState.IN_SYNC);
        assertThat(now.run().orElseThrow().rows()).extracting(r -> r.id().value()).containsExactly("slow");
    }

    @Test
    void aCleanCheckRewritesAMissingOutputsFileFromTheState() throws IOException {
        terraform("net");
        config("stacks:\n  - dir: net\n    outputs: out/net.json\n");
        world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("vpc-123"), false));

        engine().check(request());

        assertThat(new ObjectMapper().readTree(repo.resolve("out/net.json").toFile()).fieldNames()).toIterable().containsExactly("vpc_id");
        assertThat(world.callsFor("apply")).isEmpty();
    }

    @Test
    void aPushChecksOnlyStacksThatDriftedAndPreviewsStacksWhoseFilesChanged() throws IOException {
        terraform("drifty", "quiet", "edited");
        config("drift:\n  mode: report\n");
        world.stack("drifty").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags"));
        engine().check(request());
        world.calls.clear();

        RunOutcome push = engine().check(request().toBuilder().startedBy(StartedBy.PUSH).cause("push")
                .changedFiles(Set.of("edited/main.tf")).build());

        assertThat(world.callsFor("check")).as("progress: %s", progress).containsExactly("drifty");
        assertThat(world.callsFor("preview")).containsExactly("edited");
        assertThatRow(row(push, "quiet")).hasState(RowState.SKIPPED);
    }

    @Test
    void aPushPreviewGoesThroughTheDriftModes() throws IOException {
        terraform("gated", "fixed", "mixed");
        config("""
                stacks:
                  - dir: gated
                    drift:
                      mode: approve
                  - dir: fixed
                    drift:
                      mode: correct
                  - dir: mixed
                    drift:
                      mode: correct
                """);
        engine().check(request());
        world.calls.clear();
        world.stack("gated").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("fixed").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        world.stack("mixed").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        pending("mixed");

        RunOutcome push = engine().check(request().toBuilder().startedBy(StartedBy.PUSH).cause("push")
                .changedFiles(Set.of("gated/main.tf", "fixed/main.tf", "mixed/main.tf")).build());

        assertThat(world.callsFor("check")).isEmpty();
        assertThatRow(row(push, "gated")).hasState(RowState.AWAITING_APPROVAL);
        assertThat(row(push, "fixed").reason()).contains("put back by a deploy in this run");
        assertThatRow(row(push, "mixed")).hasState(RowState.PENDING_DRIFTED);
        assertThat(row(push, "mixed").reason()).startsWith("mode correct: not corrected");
        assertThat(world.callsFor("apply")).containsExactly("fixed");
        assertThat(trail(push)).extracting(e -> e.stack().value()).containsExactly("fixed");
    }

    @Test
    void aPushNeverPreviewsAStackWhoseDriftIsOff() throws IOException {
        terraform("off", "paused", "watched");
        config("""
                stacks:
                  - dir: off
                    drift:
                      mode: off
                  - dir: paused
                    drift:
                      enabled: false
                """);
        for (String id : List.of("off", "paused", "watched")) {
            world.stack(id).drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        }

        RunOutcome push = engine().check(request().toBuilder().startedBy(StartedBy.PUSH).cause("push")
                .changedFiles(Set.of("off/main.tf", "paused/main.tf", "watched/main.tf")).build());

        assertThat(world.callsFor("preview")).containsExactly("watched");
        assertThatRow(row(push, "off")).hasState(RowState.SKIPPED);
        assertThat(row(push, "off").reason()).isEqualTo("drift mode off");
        assertThatRow(row(push, "paused")).hasState(RowState.SKIPPED);
        assertThat(row(push, "paused").reason()).isEqualTo("drift checks disabled");
        assertThatRow(row(push, "watched")).hasState(RowState.DRIFTED);
    }

    @Test
    void modeCorrectReportsDriftOnAPolicyOnceStackAndSaysWhy() throws IOException {
        terraform("base");
        config("stacks:\n  - dir: base\n    policy: once\n    drift:\n      mode: correct\n");
        engine().deploy(request());
        world.calls.clear();
        world.stack("base").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        clock = Clock.fixed(NOW.plus(Duration.ofDays(2)), ZoneOffset.UTC);

        RunOutcome check = engine().check(request());

        assertThat(world.callsFor("apply")).isEmpty();
        assertThat(world.callsFor("preview")).isEmpty();
        assertThatRow(row(check, "base")).hasState(RowState.DRIFTED);
        assertThat(row(check, "base").reason()).startsWith("policy once: never deployed again by anything automatic");
        assertThat(trail(check)).isEmpty();
        assertThat(check.exitCode()).isEqualTo(RunOutcome.CHANGES);
    }

    @Test
    void aRepairIsADeployInEveryRecordSoTheNextDeployFindsTheStackUnchanged() throws IOException {
        terraform("net");
        config("stacks:\n  - dir: net\n    reapply: 0\n    drift:\n      mode: correct\n");
        world.stack("net").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));

        engine().check(request());

        var status = new HistoryStore(scratch.resolve("record")).stackStatuses().get(StackId.of("net"));
        assertThat(status.lastDeployDigest()).isNotEmpty();
        assertThat(status.lastDeployedAt()).isEqualTo(NOW.toEpochMilli());
        world.calls.clear();
        RunOutcome deploy = engine().deploy(request());
        assertThatRow(row(deploy, "net")).hasState(RowState.SKIPPED);
        assertThat(row(deploy, "net").reason()).startsWith("unchanged since its last deploy at ");
        assertThat(world.callsFor("preview")).isEmpty();
    }

    @Test
    void aRepairThatWouldReplaceOrDeleteWaitsForApprovalUnlessTheStackAllowsIt() throws IOException {
        terraform("careful", "bold");
        config("""
                drift:
                  mode: correct
                stacks:
                  - dir: bold
                    drift:
                      allowReplace: true
                """);
        for (String id : List.of("careful", "bold")) {
            world.stack(id).drift = List.of(change(Action.UPDATE, "aws_instance.web", Cause.DRIFT, "ami"));
            // putting the changed attribute back forces a new resource
            world.stack(id).pending = List.of(change(Action.REPLACE, "aws_instance.web", Cause.CODE, "ami"));
        }

        RunOutcome check = engine().check(request());

        assertThat(world.callsFor("apply")).containsExactly("bold");
        Row careful = row(check, "careful");
        assertThat(careful.state()).isEqualTo(RowState.AWAITING_APPROVAL);
        assertThat(careful.reason()).isEqualTo("mode correct: the repair would replace aws_instance.web; "
                + "deploy with approval, or set drift.allowReplace: true");
        assertThat(careful.drift()).hasSize(1);
        assertThat(row(check, "bold").reason()).contains("put back by a deploy in this run");
        assertThat(trail(check)).extracting(e -> e.stack().value()).containsExactly("bold");
        assertThat(check.exitCode()).isEqualTo(RunOutcome.CHANGES);
    }

    @Test
    void aRepairOfMoreResourcesThanMaxChangesWaitsForApproval() throws IOException {
        terraform("wide", "narrow");
        config("drift:\n  mode: correct\n  maxChanges: 1\n");
        world.stack("wide").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"),
                change(Action.UPDATE, "aws_subnet.a", Cause.DRIFT, "tags.Owner"));
        world.stack("narrow").drift = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));

        RunOutcome check = engine().check(request());

        assertThat(world.callsFor("apply")).containsExactly("narrow");
        assertThatRow(row(check, "wide")).hasState(RowState.AWAITING_APPROVAL);
        assertThat(row(check, "wide").reason())
                .isEqualTo("mode correct: the repair would change 2 resources, more than drift.maxChanges 1; deploy with approval");
    }

    // ---------------------------------------------------------------------------------------------
    // every run

    @Test
    void aMissingCredentialFailsThatStackBeforeAnyToolRunsAndOthersGoOn() throws IOException {
        terraform("a", "b");
        config("""
                stacks:
                  - dir: a
                    credentials:
                      AWS_ACCESS_KEY_ID: aws-a
                """);
        credentials = (stack, ids) -> {
            if (!ids.isEmpty()) {
                throw new MissingCredentialsException("credentials 'aws-a' not found");
            }
            return Map.of();
        };

        RunOutcome outcome = engine().preview(request());

        assertThatRow(row(outcome, "a")).hasState(RowState.FAILED);
        assertThat(row(outcome, "a").reason()).isEqualTo("credentials 'aws-a' not found");
        assertThat(world.callsFor("preview")).containsExactly("b");
    }

    @Test
    void aConfigErrorStopsTheRunBeforeAnyTool() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n    polcy: once\n");

        RunOutcome outcome = engine().deploy(request());

        assertThat(outcome.configInvalid()).isTrue();
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.ERROR);
        assertThat(outcome.problems()).isNotEmpty();
        assertThat(world.calls).isEmpty();
        assertThat(new HistoryStore(scratch.resolve("record")).summaries()).isEmpty();
    }

    @Test
    void anUnknownStackInTheSelectionIsAProblemAndNothingRuns() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n");

        RunOutcome outcome = engine().preview(request().toBuilder().stacks(List.of("nope")).build());

        assertThat(outcome.configInvalid()).isTrue();
        assertThat(outcome.problems().get(0).message()).contains("nope");
        assertThat(world.calls).isEmpty();
    }

    @Test
    void aDriftCheckKeepsTheDependenciesItsPreviewSaw() throws IOException {
        pulumi("app", "shop", "prod");
        pulumi("platform", "platform", "prod");
        config("stacks:\n  - dir: app\n    name: prod\n    dependsOn: auto\n");
        world.stack("shop:prod").dependsOn = List.of(StackId.of("platform:prod"));
        engine().preview(request());

        // refresh --preview-only does not run the program, so a check sees no stack reference at all
        RunOutcome check = engine().check(request());

        assertThat(row(check, "shop:prod").dependsOn()).containsExactly(StackId.of("platform:prod"));
        assertThat(new HistoryStore(scratch.resolve("record")).stackStatuses().get(StackId.of("shop:prod")).dependsOn())
                .containsExactly(StackId.of("platform:prod"));
    }

    @Test
    void aPreviewRecordsRowsWithDependsOnAndSavesTheRun() throws IOException {
        pulumi("app", "shop", "prod");
        pulumi("platform", "platform", "prod");
        config("stacks:\n  - dir: app\n    name: prod\n    dependsOn: auto\n");
        world.stack("shop:prod").dependsOn = List.of(StackId.of("platform:prod"));
        world.stack("shop:prod").pending = List.of(change(Action.UPDATE, "aws:s3.bucket", Cause.CODE, "tags.CostCenter"));

        RunOutcome outcome = engine().preview(request().toBuilder().parallelism(OptionalInt.of(2)).build());

        assertThat(row(outcome, "shop:prod").dependsOn()).containsExactly(StackId.of("platform:prod"));
        assertThatRow(row(outcome, "shop:prod")).hasState(RowState.PENDING);
        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.CHANGES);
        assertThat(new HistoryStore(scratch.resolve("record")).stackStatuses()).containsKey(StackId.of("shop:prod"));
    }

    @Test
    void aRowShowsTheFilesDependsOnAndReadDependenciesOnlyForDependsOnAuto() throws IOException {
        terraform("network", "dns");
        pulumi("app", "shop", "prod");
        pulumi("web", "web", "prod");
        pulumi("platform", "platform", "prod");
        config("""
                stacks:
                  - dir: dns
                    dependsOn: [network]
                  - dir: app
                    name: prod
                    dependsOn: auto
                  - dir: app
                    dependsOn: [dns]
                  - dir: web
                    name: prod
                """);
        world.stack("shop:prod").dependsOn = List.of(StackId.of("platform:prod"));
        world.stack("web:prod").dependsOn = List.of(StackId.of("platform:prod"));

        RunOutcome preview = engine().preview(request());

        Row dns = row(preview, "dns");
        assertThat(dns.allDependsOn()).containsExactly(StackId.of("network"));
        assertThat(dns.readFromReference(StackId.of("network"))).isFalse();
        Row shop = row(preview, "shop:prod");
        assertThat(shop.allDependsOn()).containsExactly(StackId.of("dns"), StackId.of("platform:prod"));
        assertThat(shop.readFromReference(StackId.of("platform:prod"))).isTrue();
        assertThat(shop.readFromReference(StackId.of("dns"))).isFalse();
        // without dependsOn: auto a stack reference is no dependency of the stack
        assertThat(row(preview, "web:prod").allDependsOn()).isEmpty();
        HistoryStore store = new HistoryStore(scratch.resolve("record"));
        Row stored = store.details(store.summaries().get(0).sequence()).orElseThrow().rows().stream()
                .filter(r -> r.id().equals(StackId.of("dns"))).findFirst().orElseThrow();
        assertThat(stored.fileDependsOn()).containsExactly(StackId.of("network"));
    }

    // ---------------------------------------------------------------------------------------------

    private SavingHost engine() {
        return engine(HistoryStore::isRunningHere);
    }

    /** @param stillRunning whether the run that wrote a deploy marker is still going (the journal recovers the others) */
    private SavingHost engine(final Predicate<DeployMarker> stillRunning) {
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        return new SavingHost(new StackDriftEngine(services(history, stillRunning), (tool, refs) -> new ScriptedAdapter(world)), history);
    }

    private EngineServices services(final HistoryStore history, final Predicate<DeployMarker> stillRunning) {
        Path record = scratch.resolve("record");
        return new EngineServices(ScriptedAdapter.NO_PROCESSES, ToolSettings.defaults(), HistoryView.of(history),
                DeployJournal.of(history, stillRunning),
                new FileStackLocks(record.resolve("locks"), Duration.ofSeconds(5), line -> { }), credentials,
                scratch.resolve("work"), clock, progress::add);
    }

    private RunRequest request() {
        return Requests.manual(repo.resolve("stacks.yaml"), "run-" + runs.incrementAndGet());
    }

    private void config(final String yaml) throws IOException {
        Files.writeString(repo.resolve("stacks.yaml"), yaml);
    }

    private void terraform(final String... dirs) throws IOException {
        for (String dir : dirs) {
            Files.createDirectories(repo.resolve(dir));
            Files.writeString(repo.resolve(dir).resolve("main.tf"), "terraform {\n}\n\nresource \"aws_vpc\" \"main\" {}\n");
        }
    }

    private void pulumi(final String dir, final String project, final String stack) throws IOException {
        Files.createDirectories(repo.resolve(dir));
        Files.writeString(repo.resolve(dir).resolve("Pulumi.yaml"), "name: " + project + "\nruntime: nodejs\n");
        Files.writeString(repo.resolve(dir).resolve("Pulumi." + stack + ".yaml"), "config: {}\n");
    }

    private void pending(final String... ids) {
        for (String id : ids) {
            world.stack(id).pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        }
    }

    private static RunRecord record(final RunOutcome outcome) {
        assertThat(outcome.run()).as("problems: %s", outcome.problems()).isPresent();
        return outcome.run().get();
    }

    private static Row row(final RunOutcome outcome, final String id) {
        return record(outcome).rows().stream().filter(r -> r.id().value().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + id));
    }

    private static RowState state(final RunOutcome outcome, final String id) {
        return row(outcome, id).state();
    }

    private static List<TrailEntry> trail(final RunOutcome outcome) {
        return record(outcome).trail();
    }
}
