package io.stackdrift.engine;

import static io.stackdrift.engine.ScriptedAdapter.change;
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
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.local.FileStackLocks;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.spi.CredentialsResolver;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ReportListener;
import io.stackdrift.spi.ReportedFile;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.Requests;

/** The door between the engine and its hosts: what comes in on the request and the ports, what goes back out. */
class FrontDoorTest {
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @TempDir
    Path repo;
    @TempDir
    Path scratch;

    private final ScriptedAdapter.World world = new ScriptedAdapter.World();
    private final List<String> journal = Collections.synchronizedList(new ArrayList<>());

    @Test
    void theEngineWritesNoHistoryAndReturnsWhatTheHostSaves() throws IOException {
        terraform("a", "b");
        config("reapply: 0\nstacks:\n  - dir: a\n  - dir: b\n");
        pending("a", "b");
        HistoryStore history = new HistoryStore(scratch.resolve("record"));

        RunOutcome outcome = engine(history, recordingJournal()).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1"));

        assertThat(history.summaries()).as("the engine saved nothing itself").isEmpty();
        assertThat(history.stackStatuses()).isEmpty();
        assertThat(outcome.deployDigests()).containsOnlyKeys(StackId.of("a"), StackId.of("b"));
        assertThat(outcome.forgottenDeploys()).isEmpty();
        assertThat(journal).containsExactlyInAnyOrder("started a DEPLOY", "finished a", "started b DEPLOY", "finished b");

        history.save(outcome.toSave().orElseThrow());
        pending("a", "b");
        RunOutcome second = engine(history, recordingJournal()).deploy(Requests.manual(repo.resolve("stacks.yaml"), "2"));
        // the saved digests are what the next deploy compares with: nothing changed, both are left alone
        assertThat(second.run().orElseThrow().rows()).extracting(Row::state).containsOnly(RowState.SKIPPED);
    }

    @Test
    void aFailedDestroyReturnsTheDeployToForget() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n");
        world.stack("a").destroyFailure = "Error: DependencyViolation";
        HistoryStore history = new HistoryStore(scratch.resolve("record"));

        RunOutcome outcome = engine(history, recordingJournal()).deploy(Requests.manual(repo.resolve("stacks.yaml"), "1").toBuilder()
                .kind(DeployKind.DESTROY).build());

        assertThat(outcome.forgottenDeploys()).containsExactly(StackId.of("a"));
        assertThat(outcome.toSave().orElseThrow().forgetDeploys()).containsExactly(StackId.of("a"));
        assertThat(journal).containsExactly("started a DESTROY", "finished a");
    }

    @Test
    void aStackHeldElsewhereIsLeftAloneByACheckWithoutAMarkerInTheHistory() throws IOException {
        terraform("a", "b");
        config("stacks:\n  - dir: a\n  - dir: b\n");
        HistoryStore history = new HistoryStore(scratch.resolve("record"));

        RunOutcome outcome = engine(history, DeployJournal.NONE).check(Requests.manual(repo.resolve("stacks.yaml"), "1")
                .withHeldElsewhere(Set.of(StackId.of("b"))));

        Row b = outcome.run().orElseThrow().rows().stream().filter(r -> r.id().value().equals("b")).findFirst().orElseThrow();
        assertThat(b.state()).isEqualTo(RowState.SKIPPED);
        assertThat(b.reason()).isEqualTo("a deploy of it is running");
        assertThat(world.callsFor("check")).containsExactly("a");
        assertThat(history.deploysInProgress()).isEmpty();
    }

    @Test
    void theJournalRecoversInterruptedDeploysAndTheRunNotesThem() throws IOException {
        terraform("a");
        config("stacks:\n  - dir: a\n");
        HistoryStore history = new HistoryStore(scratch.resolve("record"));
        history.markDeployStarted(StackId.of("a"), "41", NOW.toEpochMilli(), DeployKind.DEPLOY);

        RunOutcome outcome = engine(history, DeployJournal.of(history, marker -> false))
                .preview(Requests.manual(repo.resolve("stacks.yaml"), "2"));

        assertThat(outcome.notes()).anySatisfy(note -> assertThat(note).startsWith("a: an earlier deploy was interrupted"));
        assertThat(history.trail()).extracting(TrailEntry::runId).containsExactly("41");
    }

    @Test
    void inspectReadsTheConfigurationOnceAndResolvesTheSelectionWithCredentialsIds() throws IOException {
        terraform("a", "b");
        config("stacks:\n  - dir: a\n    credentials:\n      AWS_ACCESS_KEY_ID: aws-a\n  - dir: b\n");

        Inspection selected = StackDriftEngine.inspect(repo.resolve("stacks.yaml"), repo, List.of("a"));
        Inspection none = StackDriftEngine.inspect(repo.resolve("stacks.yaml"), repo, List.of("nothing-*"));

        assertThat(selected.valid()).isTrue();
        assertThat(selected.selectedCredentials()).containsExactly(Map.entry(StackId.of("a"), Map.of("AWS_ACCESS_KEY_ID", "aws-a")));
        assertThat(selected.allCredentials()).containsOnlyKeys(StackId.of("a"), StackId.of("b"));
        assertThat(selected.listingText()).contains("a").contains("b");
        assertThat(none.selectionProblems()).isNotEmpty();
        assertThat(none.selectedCredentials()).isEmpty();
    }

    @Test
    void inspectListsThePolicyCheckOfEachSelectedStackAsWritten() throws IOException {
        terraform("a", "b", "c");
        config("policyCheck:\n  command: [policy/check.sh, --strict]\nstacks:\n  - dir: a\n  - dir: b\n"
                + "    policyCheck:\n      command: [sh, -c, 'exec conftest test \"$STACKDRIFT_PLAN_JSON\"']\n"
                + "  - dir: c\n    policyCheck: off\n");

        Inspection selected = StackDriftEngine.inspect(repo.resolve("stacks.yaml"), repo, List.of("a", "b", "c"));

        assertThat(selected.selectedPolicyChecks()).containsExactly(
                Map.entry(StackId.of("a"), List.of("policy/check.sh", "--strict")),
                Map.entry(StackId.of("b"), List.of("sh", "-c", "exec conftest test \"$STACKDRIFT_PLAN_JSON\"")));
        assertThat(StackDriftEngine.inspect(repo.resolve("stacks.yaml"), repo, List.of("c")).selectedPolicyChecks()).isEmpty();
    }

    @Test
    void validateReturnsEveryProblemAndNoListingForABrokenFile() throws IOException {
        config("stacks:\n  - dir: missing\n");

        Inspection result = StackDriftEngine.validate(repo.resolve("stacks.yaml"), repo);

        assertThat(result.valid()).isFalse();
        assertThat(result.problems()).isNotEmpty();
        assertThat(result.listingText()).isEmpty();
        assertThat(result.problemsJson()).contains("missing");
    }

    @Test
    void aReportStreamsEachChangeToTheListenerAndKeepsRowsOnlyWhenAsked() {
        Path plan = Fixtures.terraform("lifecycle/2-changes.plan.json");
        Path broken = repo.resolve("broken.json");
        List<Change> streamed = new ArrayList<>();
        List<ReportedFile> read = new ArrayList<>();
        ReportListener listener = new ReportListener() {
            @Override
            public void change(final Path file, final Change change) {
                streamed.add(change);
            }

            @Override
            public void fileRead(final ReportedFile file) {
                read.add(file);
            }
        };
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

        RunOutcome states = StackDriftEngine.report(new ReportRequest(List.of(plan, broken), "7", "report", ReportRequest.Keep.STATES),
                clock, listener);
        RunOutcome rows = StackDriftEngine.report(new ReportRequest(List.of(plan), "8", "report", ReportRequest.Keep.CHANGES),
                clock, ReportListener.NONE);

        assertThat(read).extracting(ReportedFile::state).containsExactly(read.get(0).state(), RowState.FAILED);
        assertThat(read.get(0).count()).isEqualTo(streamed.size()).isPositive();
        assertThat(states.run().orElseThrow().rows()).allSatisfy(row -> assertThat(row.changeCount()).isZero());
        assertThat(states.exitCode()).isEqualTo(RunOutcome.ERROR);
        assertThat(rows.run().orElseThrow().rows().get(0).changeCount()).isEqualTo(streamed.size());
        assertThat(rows.run().orElseThrow().rows().get(0).state()).isEqualTo(read.get(0).state());
        assertThat(rows.run().orElseThrow().startedAt()).isEqualTo(NOW.toEpochMilli());
    }

    @Test
    void graphGivesTheRunOrderOfTheFileAndTheLatestRows() throws IOException {
        terraform("a", "b");
        config("stacks:\n  - dir: b\n    dependsOn: [a]\n");
        HistoryStore history = new HistoryStore(scratch.resolve("record"));

        RunOrderOutcome order = StackDriftEngine.graph(repo.resolve("stacks.yaml"), repo, HistoryView.of(history));

        assertThat(order.configInvalid()).isFalse();
        assertThat(order.text()).startsWith("group 1: a\ngroup 2: b\n").contains("b depends on a (file)");
        assertThat(order.dot()).contains("digraph");
        assertThat(StackDriftEngine.duration("1h30m")).contains(Duration.ofMinutes(90));
    }

    // ---------------------------------------------------------------------------------------------

    private DeployJournal recordingJournal() {
        return new DeployJournal() {
            @Override
            public void started(final StackId stack, final String runId, final long startedAt, final DeployKind kind) {
                journal.add("started " + stack + " " + kind);
            }

            @Override
            public void finished(final StackId stack) {
                journal.add("finished " + stack);
            }

            @Override
            public List<TrailEntry> recoverInterrupted() {
                return List.of();
            }
        };
    }

    private StackDriftEngine engine(final HistoryStore history, final DeployJournal deployJournal) {
        return new StackDriftEngine(new EngineServices(ScriptedAdapter.NO_PROCESSES, ToolSettings.defaults(), HistoryView.of(history),
                deployJournal,
                new FileStackLocks(scratch.resolve("locks"), Duration.ofSeconds(5), line -> { }), CredentialsResolver.NONE,
                scratch.resolve("work"), Clock.fixed(NOW, ZoneOffset.UTC), line -> { }), (tool, refs) -> new ScriptedAdapter(world));
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

    private void pending(final String... ids) {
        for (String id : ids) {
            world.stack(id).pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
        }
    }
}
