package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

class RecordJsonPropertiesTest {
    @Test
    void everyRunReadsBackEqual() {
        Tries.check(200, gen -> {
            RunRecord run = run(gen);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            RecordJson.writeRun(out, 7, run);
            assertThat(RecordJson.readRun(new ByteArrayInputStream(out.toByteArray()))).isEqualTo(run);
        });
    }

    @Test
    void aRunCutShortAnywhereIsAnErrorNeverAWrongRecord() {
        Tries.check(200, gen -> {
            RunRecord run = run(gen);
            int cut = gen.ints(1, 10_000);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            RecordJson.writeRun(out, 7, run);
            byte[] whole = out.toByteArray();
            byte[] part = Arrays.copyOf(whole, Math.max(0, whole.length - 1 - cut % whole.length));
            assertThatThrownBy(() -> RecordJson.readRun(new ByteArrayInputStream(part)))
                    .isInstanceOfAny(IOException.class, RecordFormatException.class);
        });
    }

    private static String text(final Gen gen) {
        return gen.string(0, 12);
    }

    private static StackId id(final Gen gen) {
        return StackId.of(gen.string(1, 12, () -> gen.chars('!', '~', "\u00e9\u20ac/:\"\\")));
    }

    private static Change change(final Gen gen) {
        return new Change(gen.of(Action.class), text(gen), text(gen), gen.list(0, 3, () -> text(gen)), gen.of(Cause.class));
    }

    private static Row row(final Gen gen) {
        List<List<Change>> lists = gen.list(3, 3, () -> gen.list(0, 3, () -> change(gen)));
        return Row.of(id(gen), gen.of(Tool.class), text(gen), gen.of(RowState.class), text(gen)).withChanges(lists.get(0))
                .withDrift(lists.get(1)).withOwnedElsewhere(lists.get(2)).withDependsOn(gen.list(0, 2, () -> id(gen)));
    }

    private static TrailEntry entry(final Gen gen) {
        return new TrailEntry(id(gen), text(gen), gen.anyLong(), gen.anyLong(), gen.of(TrailResult.class), gen.bool(),
                gen.list(0, 3, () -> text(gen)), text(gen), 0);
    }

    private static RunRecord run(final Gen gen) {
        return new RunRecord(text(gen), gen.of(RunKind.class), text(gen), gen.anyLong(), gen.anyLong(), gen.list(0, 4, () -> row(gen)),
                gen.list(0, 3, () -> entry(gen)));
    }
}
