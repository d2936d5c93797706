package io.stackdrift.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Tries;

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

    @Test
    void neverHoldsMoreThanItsLimit() {
        Tries.check(1000, gen -> {
            int limit = gen.ints(1, 100);
            StderrTail tail = new StderrTail(limit);
            String text = "ab\n".repeat(gen.ints(0, 5000));
            tail.drain(stream(text));
            assertThat(tail.text().length()).isLessThanOrEqualTo(limit);
            assertThat(text).endsWith(tail.text());
        });
    }

    private static ByteArrayInputStream stream(final String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
