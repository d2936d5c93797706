package io.stackdrift.engine.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class StderrTailTest {
    @Test
    void keepsAShortStreamWhole() throws IOException {
        StderrTail tail = new StderrTail(64);
        tail.drain(stream("Error: one\nmore\n"));
        assertThat(tail.text()).isEqualTo("Error: one\nmore\n");
    }

    @Test
    void keepsOnlyTheEndStartingAtAFullLine() throws IOException {
        StderrTail tail = new StderrTail(32);
        tail.drain(stream("x".repeat(10_000) + "\nline one\nError: the end\n"));
        assertThat(tail.text()).isEqualTo("line one\nError: the end\n");
    }

    @Test
    void refusesAnEmptyLimit() {
        assertThatThrownBy(() -> new StderrTail(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property
    void neverHoldsMoreThanItsLimit(@ForAll @IntRange(min = 1, max = 100) final int limit,
            @ForAll @IntRange(max = 5000) final int length) throws IOException {
        StderrTail tail = new StderrTail(limit);
        String text = "ab\n".repeat(length);
        tail.drain(stream(text));
        assertThat(tail.text().length()).isLessThanOrEqualTo(limit);
        assertThat(text).endsWith(tail.text());
    }

    private static ByteArrayInputStream stream(final String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
