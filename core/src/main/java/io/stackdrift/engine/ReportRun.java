package io.stackdrift.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.CollectingSink;
import io.stackdrift.plan.PlanReaders;
import io.stackdrift.plan.PlanSink;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.plan.ReadOutcome;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.spi.ReportListener;
import io.stackdrift.spi.ReportedFile;

/**
 * A report (docs/engine.md, "report"): each file read once, streaming, its changes handed to the listener as they
 * are read; each file is a row whose stack is the file's name (no stack id exists here).
 */
final class ReportRun {
    private ReportRun() {
    }

    static RunOutcome run(final ReportRequest request, final Clock clock, final ReportListener listener) {
        long startedAt = clock.millis();
        List<Row> rows = new ArrayList<>();
        List<StackId> ids = ReportInputs.ids(request.files());
        for (int i = 0; i < request.files().size(); i++) {
            rows.add(read(request.files().get(i), ids.get(i), request.keep(), listener));
        }
        RunRecord record = new RunRecord(request.runId(), RunKind.REPORT, request.cause(), startedAt, clock.millis(), rows, List.of());
        return new RunOutcome(Optional.of(record), List.of(), List.of(), List.of());
    }

    private static Row read(final Path file, final StackId id, final ReportRequest.Keep keep, final ReportListener listener) {
        Counting sink = new Counting(file, listener, keep == ReportRequest.Keep.CHANGES
                ? new CollectingSink(ChangeList.SpillTarget.temporary()) : null);
        ReadOutcome outcome = readOnce(file, sink);
        RowState state = outcome.failed() ? RowState.FAILED : RowState.of(sink.pending > 0, sink.drift > 0);
        listener.fileRead(new ReportedFile(file, outcome.format(), outcome.toolVersion(), state, outcome.reason(),
                outcome.failed() ? 0 : sink.pending, outcome.failed() ? 0 : sink.drift, id));
        Tool tool = outcome.format().contains("pulumi") ? Tool.PULUMI : Tool.TERRAFORM;
        Row row = Row.of(id, tool, id.value(), state, outcome.failed() ? outcome.reason() : "");
        if (sink.collecting == null || outcome.failed()) {
            return row;
        }
        PlanSummary summary = sink.collecting.summary(outcome);
        return row.withChanges(summary.changes()).withDrift(summary.drift());
    }

    /** Reads the file, a pipe through one copy of it ({@link ReportInputs#readOnce}). */
    private static ReadOutcome readOnce(final Path file, final Counting sink) {
        Optional<Path> copy;
        try {
            copy = ReportInputs.readOnce(file);
        } catch (IOException e) {
            String reason = e instanceof ReportInputs.NotJson ? e.getMessage() : "cannot read the file: " + e.getMessage();
            return ReadOutcome.failure(reason, "unknown");
        }
        Path readable = copy.orElse(file);
        try {
            return PlanReaders.forFile(readable).read(readable, sink);
        } finally {
            copy.ifPresent(ReportRun::deleteQuietly);
        }
    }

    private static void deleteQuietly(final Path copy) {
        try {
            Files.deleteIfExists(copy);
        } catch (IOException e) {
            // a temporary copy left in the temporary directory: nothing to tell the person about
        }
    }

    /** Counts, forwards each change to the listener, and collects it when the rows keep changes. */
    private static final class Counting implements PlanSink {
        private final Path file;
        private final ReportListener listener;
        private final CollectingSink collecting;
        private long pending;
        private long drift;

        Counting(final Path file, final ReportListener listener, final CollectingSink collecting) {
            this.file = file;
            this.listener = listener;
            this.collecting = collecting;
        }

        @Override
        public void onChange(final Change change) {
            if (change.cause() == Cause.DRIFT) {
                drift++;
            } else {
                pending++;
            }
            listener.change(file, change);
            if (collecting != null) {
                collecting.onChange(change);
            }
        }
    }
}
