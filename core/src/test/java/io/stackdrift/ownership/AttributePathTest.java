package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.stackdrift.ownership.AttributePath.Step;
import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

class AttributePathTest {
    @Test
    void readsNamesIndexesAndKeys() {
        assertThat(AttributePath.parse("root_block_device[0].volume_size").orElseThrow().steps()).containsExactly(
                new Step(Step.Kind.NAME, "root_block_device"), new Step(Step.Kind.INDEX, "0"), new Step(Step.Kind.NAME, "volume_size"));
        assertThat(AttributePath.parse("tags[\"Na\\\"me\"]").orElseThrow().steps()).containsExactly(
                new Step(Step.Kind.NAME, "tags"), new Step(Step.Kind.KEY, "Na\"me"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".tags", "tags.", "tags..x", "[0]", "tags[x]", "tags[\"x\"", "tags[", "9lives", "tags Name"})
    void rejectsWhatIsNotAPath(final String text) {
        assertThat(AttributePath.parse(text)).isEmpty();
    }

    @Test
    void aKeyAndADottedNameAreTheSameStepButAnIndexIsNot() {
        AttributePath dotted = AttributePath.parse("tags.Name").orElseThrow();
        assertThat(dotted.isWithin(AttributePath.parse("tags[\"Name\"]").orElseThrow())).isTrue();
        assertThat(dotted.isWithin(AttributePath.parse("tags").orElseThrow())).isTrue();
        assertThat(AttributePath.parse("tags").orElseThrow().isWithin(dotted)).isFalse();
        assertThat(AttributePath.parse("a[0]").orElseThrow().isWithin(AttributePath.parse("a[\"0\"]").orElseThrow())).isFalse();
        assertThat(AttributePath.parse("tagsx").orElseThrow().isWithin(AttributePath.parse("tags").orElseThrow())).isFalse();
    }

    @Test
    void writesKeysSoHclKeepsThemLiteral() {
        assertThat(new AttributePath(List.of(new Step(Step.Kind.NAME, "tags"), new Step(Step.Kind.KEY, "a\"${b}")))
                .toHcl()).isEqualTo("tags[\"a\\\"$${b}\"]");
    }

    @Test
    void writingThenReadingGivesTheSamePath() {
        Tries.check(1000, gen -> {
            AttributePath path = path(gen);
            assertThat(AttributePath.parse(path.toHcl())).contains(path);
        });
    }

    private static String name(final Gen gen) {
        return gen.where(() -> gen.string(1, 6, () -> gen.chars('a', 'z', "_-")), s -> AttributePath.isNameStart(s.charAt(0)));
    }

    private static Step step(final Gen gen) {
        return switch (gen.ints(0, 2)) {
            case 0 -> new Step(Step.Kind.NAME, name(gen));
            case 1 -> new Step(Step.Kind.INDEX, Integer.toString(gen.ints(0, 99)));
            default -> new Step(Step.Kind.KEY, gen.string(0, 6, () -> gen.chars(' ', '~', "")));
        };
    }

    private static AttributePath path(final Gen gen) {
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(Step.Kind.NAME, name(gen)));
        steps.addAll(gen.list(0, 5, () -> step(gen)));
        return new AttributePath(steps);
    }
}
