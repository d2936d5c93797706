package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** The history keeps when the next scheduled check has work, for the newest run only (next-check.json). */
class NextScheduledCheckFileTest {
    private static final Instant T = Instant.parse("2026-12-07T12:00:00Z");

    @TempDir
    Path dir;

    private static RunToSave run(final String id, final RunKind kind, final Optional<Instant> next) {
        Row net = Row.of(StackId.of("net"), Tool.TOFU, "net", RowState.IN_SYNC, "");
        RunRecord record = new RunRecord(id, kind, "", 1L, 2L, List.of(net), List.of());
        return new RunToSave(record, Map.of(), Set.of(), Set.of(), Optional.empty(), next);
    }

    @Test
    void aCheckLeavesItsTimeAndTheEarliestOfOneRunsChecksIsKept() {
        HistoryStore store = new HistoryStore(dir);
        assertThat(store.nextScheduledCheck()).isEmpty();

        store.save(run("3", RunKind.CHECK, Optional.of(T.plusSeconds(600))));
        assertThat(store.nextScheduledCheck()).contains(new NextScheduledCheck("3", T.plusSeconds(600)));
        // a build with two checks (two config files, two shards): the earlier time wins, in either order
        store.save(run("3", RunKind.CHECK, Optional.of(T.plusSeconds(60))));
        store.save(run("3", RunKind.CHECK, Optional.of(T.plusSeconds(900))));
        assertThat(store.nextScheduledCheck()).contains(new NextScheduledCheck("3", T.plusSeconds(60)));
        // the same build's deploy after its check changes nothing of when checks are due
        store.save(run("3", RunKind.DEPLOY, Optional.empty()));
        assertThat(store.nextScheduledCheck()).contains(new NextScheduledCheck("3", T.plusSeconds(60)));
    }

    @Test
    void aLaterRunWithoutATimeTakesItAwayAndAReportLeavesIt() {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("3", RunKind.CHECK, Optional.of(T)));
        store.save(run("4", RunKind.REPORT, Optional.empty()));
        assertThat(store.nextScheduledCheck()).contains(new NextScheduledCheck("3", T));

        store.save(run("4", RunKind.DEPLOY, Optional.empty()));

        assertThat(store.nextScheduledCheck()).isEmpty();
        assertThat(new HistoryLayout(dir).nextCheckFile()).doesNotExist();
    }

    @Test
    void anUnreadableFileIsNoTimeAndAWarning() throws Exception {
        HistoryStore store = new HistoryStore(dir);
        store.save(run("3", RunKind.CHECK, Optional.of(T)));
        Files.writeString(new HistoryLayout(dir).nextCheckFile(), "{\"format\":\"stackdrift-next-check/1\",\"runId\":\"3\"}");

        assertThat(store.nextScheduledCheck()).isEmpty();
        assertThat(store.warnings()).anySatisfy(w -> assertThat(w).contains(HistoryLayout.NEXT_CHECK_FILE));
    }

    @Test
    void nothingIsDueOnlyBeforeTheTimeAndWhileItsRunIsTheNewest() {
        NextScheduledCheck next = new NextScheduledCheck("3", T);
        assertThat(next.nothingDue("3", T.minusMillis(1))).isTrue();
        assertThat(next.nothingDue("3", T)).isFalse();
        assertThat(next.nothingDue("4", T.minusSeconds(3600))).isFalse();
    }
}
