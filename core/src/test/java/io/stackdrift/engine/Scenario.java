package io.stackdrift.engine;

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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import io.stackdrift.local.FileStackLocks;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
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
    /** The time of a scenario's first run, unless it moves {@link #clock}. */
    static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    final Path repo;
    final Path record;
    final ScriptedAdapter.World world = new ScriptedAdapter.World();
    final List<String> progress = Collections.synchronizedList(new ArrayList<>());
    private final Path scratch;
    private final AtomicInteger runs = new AtomicInteger();
    Clock clock;
    /** What the host gives a stack's credentials; none by default. */
    CredentialsResolver credentials = CredentialsResolver.NONE;

    Scenario(final Path repo, final Path scratch, final Clock clock) {
        this.repo = repo;
        this.scratch = scratch;
        this.record = scratch.resolve("record");
        this.clock = clock;
    }

    /** A scenario whose clock stands at {@link #NOW} until a test moves it. */
    static Scenario atNow(final Path repo, final Path scratch) {
        return new Scenario(repo, scratch, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    /** Moves the clock to {@code later} after {@link #NOW}. */
    void later(final Duration later) {
        clock = Clock.fixed(NOW.plus(later), ZoneOffset.UTC);
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
                new FileStackLocks(record.resolve("locks"), Duration.ofSeconds(5), line -> { }), credentials,
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
            pulumiProject(dir, dir, "prod");
            // Pulumi's preview lists the revert of drift as a plain update or replace, never as drift
            world.stack(dir + ":prod").previewShowsDrift = false;
        }
    }

    /**
     * A Pulumi project in {@code dir} named {@code project}, with one stack: its id is {@code project:stack}. Its preview
     * shows drift as Terraform's does (the scripted default), unlike {@link #pulumi}'s.
     */
    void pulumiProject(final String dir, final String project, final String stack) throws IOException {
        Files.createDirectories(repo.resolve(dir));
        Files.writeString(repo.resolve(dir).resolve("Pulumi.yaml"), "name: " + project + "\nruntime: nodejs\n");
        Files.writeString(repo.resolve(dir).resolve("Pulumi." + stack + ".yaml"), "config: {}\n");
    }

    /** Each stack's check (and preview) finds one attribute changed outside the code: {@code aws_vpc.main}'s {@code tags.Owner}. */
    void drifted(final String... ids) {
        for (String id : ids) {
            world.stack(id).drift = List.of(ScriptedAdapter.change(Action.UPDATE, "aws_vpc.main", Cause.DRIFT, "tags.Owner"));
        }
    }

    /** Each stack's preview shows one code change, as after an edit nobody deployed. */
    void pending(final String... ids) {
        for (String id : ids) {
            world.stack(id).pending = List.of(ScriptedAdapter.change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "cidr_block"));
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
