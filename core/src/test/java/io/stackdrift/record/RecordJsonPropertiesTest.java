package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class RecordJsonPropertiesTest {
    @Property(tries = 200)
    void everyRunReadsBackEqual(@ForAll("runs") final RunRecord run) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RecordJson.writeRun(out, 7, run);
        assertThat(RecordJson.readRun(new ByteArrayInputStream(out.toByteArray()))).isEqualTo(run);
    }

    @Property(tries = 200)
    void aRunCutShortAnywhereIsAnErrorNeverAWrongRecord(@ForAll("runs") final RunRecord run,
            @ForAll @IntRange(min = 1, max = 10_000) final int cut) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RecordJson.writeRun(out, 7, run);
        byte[] whole = out.toByteArray();
        byte[] part = Arrays.copyOf(whole, Math.max(0, whole.length - 1 - cut % whole.length));
        assertThatThrownBy(() -> RecordJson.readRun(new ByteArrayInputStream(part)))
                .isInstanceOfAny(IOException.class, RecordFormatException.class);
    }

    @Provide
    Arbitrary<RunRecord> runs() {
        Arbitrary<String> text = Arbitraries.strings().ofMaxLength(12);
        Arbitrary<String> nonBlank = Arbitraries.strings().withCharRange('!', '~').withChars('é', '€', '/', ':', '"', '\\')
                .ofMinLength(1).ofMaxLength(12);
        Arbitrary<Change> change = Combinators.combine(Arbitraries.of(Action.class), text, text, text.list().ofMaxSize(3),
                Arbitraries.of(Cause.class)).as(Change::new);
        Arbitrary<List<List<Change>>> changeLists = change.list().ofMaxSize(3).list().ofSize(3);
        Arbitrary<Row> row = Combinators.combine(nonBlank.map(StackId::of), Arbitraries.of(Tool.class), text, Arbitraries.of(RowState.class),
                text, changeLists, nonBlank.map(StackId::of).list().ofMaxSize(2))
                .as((id, tool, dir, state, reason, lists, deps) -> new Row(id, tool, dir, state, reason, lists.get(0), lists.get(1),
                        lists.get(2), deps));
        Arbitrary<TrailEntry> entry = Combinators.combine(nonBlank.map(StackId::of), text, Arbitraries.longs(), Arbitraries.longs(),
                Arbitraries.of(TrailResult.class), Arbitraries.of(true, false), text.list().ofMaxSize(3), text).as(TrailEntry::new);
        return Combinators.combine(text, Arbitraries.of(RunKind.class), text, Arbitraries.longs(), Arbitraries.longs(),
                row.list().ofMaxSize(4), entry.list().ofMaxSize(3)).as(RunRecord::new);
    }
}
