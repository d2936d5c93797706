package io.stackdrift.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import io.stackdrift.drift.AttributePath.Step;

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

    @Property
    void writingThenReadingGivesTheSamePath(@ForAll("paths") final AttributePath path) {
        assertThat(AttributePath.parse(path.toHcl())).contains(path);
    }

    @Provide
    Arbitrary<AttributePath> paths() {
        Arbitrary<String> names = Arbitraries.strings().withCharRange('a', 'z').withChars('_', '-').ofMinLength(1).ofMaxLength(6)
                .filter(s -> AttributePath.isNameStart(s.charAt(0)));
        Arbitrary<Step> step = Arbitraries.oneOf(
                names.map(n -> new Step(Step.Kind.NAME, n)),
                Arbitraries.integers().between(0, 99).map(i -> new Step(Step.Kind.INDEX, Integer.toString(i))),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(6).map(k -> new Step(Step.Kind.KEY, k)));
        return Combinators.combine(names, step.list().ofMaxSize(5)).as((first, rest) -> {
            List<Step> steps = new java.util.ArrayList<>();
            steps.add(new Step(Step.Kind.NAME, first));
            steps.addAll(rest);
            return new AttributePath(steps);
        });
    }
}
