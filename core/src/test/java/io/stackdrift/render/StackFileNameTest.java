package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;
import io.stackdrift.testing.Tries;

class StackFileNameTest {
    @Test
    void keepsPlainCharactersAndEncodesTheRest() {
        assertThat(StackFileName.of(StackId.of("network:prod"))).isEqualTo("network~3Aprod");
        assertThat(StackFileName.of(StackId.of("envs/eu-1"))).isEqualTo("envs~2Feu-1");
        assertThat(StackFileName.of(StackId.of("../x"))).isEqualTo("~2E.~2Fx");
        assertThat(StackFileName.of(StackId.of("a~b"))).isEqualTo("a~7Eb");
    }

    @Test
    void longIdsAreCutWithAHash() {
        String name = StackFileName.of(StackId.of("x".repeat(500)));
        assertThat(name).hasSizeLessThanOrEqualTo(120).matches("x+-[0-9a-f]{16}");
        assertThat(StackFileName.of(StackId.of("x".repeat(499)))).isNotEqualTo(name);
    }

    @Test
    void namesAreSafe() {
        Tries.check(1000, gen -> {
            String id = gen.where(() -> gen.string(1, 200), s -> !s.isBlank());
            String name = StackFileName.of(StackId.of(id));
            assertThat(name).matches("[A-Za-z0-9._~-]{1,120}").doesNotStartWith(".");
        });
    }

    @Test
    void distinctIdsGetDistinctNames() {
        Tries.check(1000, gen -> {
            String a = gen.where(() -> gen.string(1, 40), s -> !s.isBlank());
            String b = gen.where(() -> gen.string(1, 40), s -> !s.isBlank() && !s.equals(a));
            assertThat(StackFileName.of(StackId.of(a))).isNotEqualTo(StackFileName.of(StackId.of(b)));
        });
    }
}
