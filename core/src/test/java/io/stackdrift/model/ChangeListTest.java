package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeListTest {
    @TempDir
    Path dir;

    private static Change change(final int i) {
        return new Change(i % 2 == 0 ? Action.UPDATE : Action.DELETE, "aws_instance", "aws_instance.web[" + i + "]",
                i % 3 == 0 ? List.of() : List.of("tags.Name", "ebs_block_device[" + i + "].size", "ünïcode ☃"), Cause.DRIFT);
    }

    private static List<Change> changes(final int n) {
        return IntStream.range(0, n).mapToObj(ChangeListTest::change).toList();
    }

    private ChangeList built(final int n, final int heldInMemory) {
        ChangeList.Builder builder = ChangeList.builder(ChangeList.SpillTarget.in(dir), heldInMemory);
        changes(n).forEach(builder::add);
        return builder.build();
    }

    private long spillFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }

    @Test
    void aShortListStaysInMemoryAndWritesNoFile() throws IOException {
        ChangeList list = built(5, 10);

        assertThat(list.isSpilled()).isFalse();
        assertThat(list).containsExactlyElementsOf(changes(5));
        assertThat(spillFiles()).isZero();
    }

    @Test
    void aLongListWaitsInOneFileAndReadsBackTheSameChangesInOrder() throws IOException {
        ChangeList list = built(1_000, 10);

        assertThat(list.isSpilled()).isTrue();
        assertThat(list.size()).isEqualTo(1_000);
        assertThat(spillFiles()).isOne();
        assertThat(list.toList()).isEqualTo(changes(1_000));
        // walked again: the file is read each time, never consumed
        List<Change> again = new ArrayList<>();
        list.forEach(again::add);
        assertThat(again).isEqualTo(changes(1_000));
        assertThat(list.first(3)).isEqualTo(changes(3));
        assertThat(list.first(5_000)).hasSize(1_000);
        try (Stream<Change> stream = list.stream()) {
            assertThat(stream.filter(c -> c.action() == Action.DELETE).count()).isEqualTo(500);
        }
    }

    @Test
    void aSpilledListEqualsTheSameChangesHeldInMemory() {
        assertThat(built(300, 10)).isEqualTo(ChangeList.of(changes(300))).hasSameHashCodeAs(ChangeList.of(changes(300)));
        assertThat(built(300, 10)).isNotEqualTo(ChangeList.of(changes(299)));
        assertThat(built(300, 10)).isNotEqualTo(built(300, 10).derived().addAll(changes(299)).add(change(1)).build());
    }

    @Test
    void aDerivedListSpillsWhereItsSourceDoes() throws IOException {
        ChangeList source = built(1_000, 10);
        ChangeList.Builder copy = source.derived();
        source.forEach(copy::add);

        ChangeList derived = copy.build();

        assertThat(derived.isSpilled()).isTrue();
        assertThat(spillFiles()).isEqualTo(2);
        assertThat(derived).isEqualTo(source);
    }

    @Test
    void withoutASpillTargetALongListStaysInMemory() {
        ChangeList.Builder builder = ChangeList.builder(ChangeList.SpillTarget.NONE, 10);
        changes(100).forEach(builder::add);

        ChangeList list = builder.build();

        assertThat(list.isSpilled()).isFalse();
        assertThat(list.toList()).isEqualTo(changes(100));
    }

    @Test
    void aDiscardedBuilderLeavesNoFile() throws IOException {
        ChangeList.Builder builder = ChangeList.builder(ChangeList.SpillTarget.in(dir), 10);
        changes(100).forEach(builder::add);
        assertThat(spillFiles()).isOne();

        builder.discard();

        assertThat(spillFiles()).isZero();
    }

    @Test
    void theVisitorOfASpilledListMayStopWithAnException() {
        ChangeList list = built(100, 10);
        List<Change> seen = new ArrayList<>();

        try {
            list.visit(change -> {
                seen.add(change);
                if (seen.size() == 7) {
                    throw new IOException("disk full");
                }
            });
        } catch (IOException e) {
            assertThat(e).hasMessage("disk full");
        }

        assertThat(seen).hasSize(7);
        // the file was closed and is still whole: the list reads again from the start
        assertThat(list.first(7)).isEqualTo(seen);
    }

    @Test
    void theSpillFileGoesWhenTheListIsNoLongerReachable() throws Exception {
        built(1_000, 10);
        assertThat(spillFiles()).isOne();

        // the cleaner runs after a collection: give it a few, as a run's long life would
        for (int i = 0; i < 100 && spillFiles() > 0; i++) {
            System.gc();
            Thread.sleep(50);
        }

        assertThat(spillFiles()).isZero();
    }

    @Test
    void aRunsShortListsShareOneLogFileAndReadBackInOrder() throws IOException {
        SpillLog log = new SpillLog(dir);
        List<ChangeList> lists = new ArrayList<>();
        for (int n = 1; n <= 30; n++) {
            ChangeList.Builder builder = ChangeList.builder(ChangeList.SpillTarget.in(dir, log), 10);
            changes(n).forEach(builder::add);
            lists.add(builder.build());
        }

        // the lists of up to 10 changes in the one log, each longer one in a file of its own as before
        assertThat(spillFiles()).isEqualTo(1 + 20);
        for (int n = 1; n <= 30; n++) {
            ChangeList list = lists.get(n - 1);
            assertThat(list.isSpilled()).isTrue();
            assertThat(list.size()).isEqualTo(n);
            assertThat(list.toList()).isEqualTo(changes(n));
            assertThat(list.first(2)).isEqualTo(changes(Math.min(n, 2)));
            try (Stream<Change> stream = list.stream()) {
                assertThat(stream.toList()).isEqualTo(changes(n));
            }
        }
        assertThat(lists.get(4)).isEqualTo(ChangeList.of(changes(5)));
    }

    @Test
    void aListDerivedFromALoggedOneGoesToTheSameLog() throws IOException {
        SpillLog log = new SpillLog(dir);
        ChangeList.Builder builder = ChangeList.builder(ChangeList.SpillTarget.in(dir, log), 10);
        changes(4).forEach(builder::add);
        ChangeList logged = builder.build();

        ChangeList derived = logged.derived().addAll(logged).add(change(9)).build();

        assertThat(derived.toList()).containsExactlyElementsOf(Stream.concat(changes(4).stream(), Stream.of(change(9))).toList());
        assertThat(spillFiles()).isOne();
    }

    @Test
    void anEmptyListWritesNoLog() throws IOException {
        ChangeList empty = ChangeList.builder(ChangeList.SpillTarget.in(dir, new SpillLog(dir)), 10).build();

        assertThat(empty).isSameAs(ChangeList.none());
        assertThat(spillFiles()).isZero();
    }
}
