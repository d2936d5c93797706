package io.stackdrift.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import io.stackdrift.local.FileStackLocks;
import io.stackdrift.model.Row;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunRecord;
import io.stackdrift.spi.CredentialsResolver;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.Requests;

/**
 * A repository, a record directory and the scripted tools of one engine scenario over several runs: each run is a
 * new engine over the same world and history, as each command line run is.
 */
final class Scenario {
    final Path repo;
    final Path record;
    final ScriptedAdapter.World world = new ScriptedAdapter.World();
    final List<String> progress = Collections.synchronizedList(new ArrayList<>());
    private final Path scratch;
    private final AtomicInteger runs = new AtomicInteger();
    Clock clock;

    Scenario(final Path repo, final Path scratch, final Clock clock) {
        this.repo = repo;
        this.scratch = scratch;
        this.record = scratch.resolve("record");
        this.clock = clock;
    }

    HistoryStore history() {
        return new HistoryStore(record);
    }

    /** A host that saves what each run returns; markers of dead runs are recovered as the command line does. */
    SavingHost host() {
        return host(HistoryStore::isRunningHere);
    }

    /** @param stillRunning whether the run that wrote a deploy marker is still going (the journal recovers the others) */
    SavingHost host(final Predicate<DeployMarker> stillRunning) {
        return new SavingHost(engine(stillRunning), history());
    }

    /** The engine alone: what it returns is not saved (a run killed before its save). */
    StackDriftEngine engine(final Predicate<DeployMarker> stillRunning) {
        HistoryStore history = history();
        EngineServices services = new EngineServices(ScriptedAdapter.NO_PROCESSES, ToolSettings.defaults(), HistoryView.of(history),
                DeployJournal.of(history, stillRunning),
                new FileStackLocks(record.resolve("locks"), Duration.ofSeconds(5), line -> { }), CredentialsResolver.NONE,
                scratch.resolve("work"), clock, progress::add);
        return new StackDriftEngine(services, (tool, refs) -> new ScriptedAdapter(world));
    }

    RunRequest request() {
        return Requests.manual(repo.resolve("stacks.yaml"), String.valueOf(runs.incrementAndGet()));
    }

    void config(final String yaml) throws IOException {
        Files.writeString(repo.resolve("stacks.yaml"), yaml);
    }

    void terraform(final String... dirs) throws IOException {
        for (String dir : dirs) {
            Files.createDirectories(repo.resolve(dir));
            Files.writeString(repo.resolve(dir).resolve("main.tf"), "terraform {\n}\n\nresource \"aws_vpc\" \"main\" {}\n");
        }
    }

    /** One Pulumi project per dir, named as the dir, with one stack {@code prod}: its id is {@code dir:prod}. */
    void pulumi(final String... dirs) throws IOException {
        for (String dir : dirs) {
            Files.createDirectories(repo.resolve(dir));
            Files.writeString(repo.resolve(dir).resolve("Pulumi.yaml"), "name: " + dir + "\nruntime: nodejs\n");
            Files.writeString(repo.resolve(dir).resolve("Pulumi.prod.yaml"), "config: {}\n");
            // Pulumi's preview lists the revert of drift as a plain update or replace, never as drift
            world.stack(dir + ":prod").previewShowsDrift = false;
        }
    }

    static RunRecord record(final RunOutcome outcome) {
        assertThat(outcome.run()).as("problems: %s", outcome.problems()).isPresent();
        return outcome.run().get();
    }

    static Row row(final RunOutcome outcome, final String id) {
        return record(outcome).rows().stream().filter(r -> r.id().value().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + id));
    }
}
