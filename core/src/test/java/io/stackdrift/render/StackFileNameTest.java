package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;

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

    @Property
    void namesAreSafe(@ForAll @StringLength(min = 1, max = 200) final String id) {
        Assume.that(!id.isBlank());
        String name = StackFileName.of(StackId.of(id));
        assertThat(name).matches("[A-Za-z0-9._~-]{1,120}").doesNotStartWith(".");
    }

    @Property
    void distinctIdsGetDistinctNames(@ForAll @StringLength(min = 1, max = 40) final String a,
            @ForAll @StringLength(min = 1, max = 40) final String b) {
        Assume.that(!a.isBlank() && !b.isBlank() && !a.equals(b));
        assertThat(StackFileName.of(StackId.of(a))).isNotEqualTo(StackFileName.of(StackId.of(b)));
    }
}
