package io.stackdrift.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TriesTest {
    private final String before = System.getProperty(Tries.SEED_PROPERTY);

    @AfterEach
    void restoreTheSeed() {
        if (before == null) {
            System.clearProperty(Tries.SEED_PROPERTY);
        } else {
            System.setProperty(Tries.SEED_PROPERTY, before);
        }
    }

    @Test
    void runsEveryTryOfAPropertyThatHolds() {
        AtomicInteger runs = new AtomicInteger();
        Tries.check(37, gen -> runs.incrementAndGet());
        assertThat(runs).hasValue(37);
    }

    @Test
    void aFailingTryNamesTheTryAndTheSeed() {
        System.setProperty(Tries.SEED_PROPERTY, "42");
        AtomicInteger runs = new AtomicInteger();
        assertThatThrownBy(() -> Tries.check(10, gen -> assertThat(runs.incrementAndGet()).isLessThan(3)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("try 3 of 10").hasMessageContaining("-Dstackdrift.seed=42");
    }

    @Test
    void theSameSeedGivesTheSameValues() {
        System.setProperty(Tries.SEED_PROPERTY, "-7");
        List<String> first = new ArrayList<>();
        Tries.check(20, gen -> first.add(gen.string(0, 10) + gen.anyLong() + gen.list(0, 3, () -> gen.ints(-5, 5))));
        List<String> second = new ArrayList<>();
        Tries.check(20, gen -> second.add(gen.string(0, 10) + gen.anyLong() + gen.list(0, 3, () -> gen.ints(-5, 5))));
        assertThat(second).isEqualTo(first).doesNotHaveDuplicates();
    }

    @Test
    void rangesHoldTheirBoundsAndReachThem() {
        List<Long> seen = new ArrayList<>();
        Tries.check(500, gen -> {
            long value = gen.longs(-3, 4);
            assertThat(value).isBetween(-3L, 4L);
            seen.add(value);
            assertThat(gen.longs(Long.MAX_VALUE - 1, Long.MAX_VALUE)).isGreaterThanOrEqualTo(Long.MAX_VALUE - 1);
            assertThat(gen.longs(-10, Long.MAX_VALUE)).isGreaterThanOrEqualTo(-10);
        });
        assertThat(seen).contains(-3L, 0L, 4L);
    }
}
