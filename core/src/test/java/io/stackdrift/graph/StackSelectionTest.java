package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.idSet;
import static io.stackdrift.graph.Graphs.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;

class StackSelectionTest {
    private static final Set<StackId> KNOWN =
            idSet("envs/prod", "envs/prod/eu", "envs/dev", "net:prod", "net:dev", "app:prod");

    @Test
    void selectsIdsAndGlobs() {
        StackSelection.Resolved resolved = StackSelection.of(List.of("net:prod", "envs/*")).resolve(KNOWN);

        assertThat(resolved.stacks()).containsExactlyElementsOf(ids("envs/dev", "envs/prod", "net:prod"));
        assertThat(resolved.problems()).isEmpty();
    }

    @Test
    void doubleStarCrossesDirectoriesAndCommasSeparate() {
        StackSelection.Resolved resolved = StackSelection.of(List.of("envs/**, *:dev")).resolve(KNOWN);

        assertThat(resolved.stacks()).containsExactlyElementsOf(ids("envs/dev", "envs/prod", "envs/prod/eu", "net:dev"));
    }

    @Test
    void aPatternThatMatchesNothingIsAProblemNamingTheKnownStacks() {
        StackSelection.Resolved resolved = StackSelection.of(List.of("netwrk:prod", "app:prod")).resolve(KNOWN);

        assertThat(resolved.stacks()).containsExactlyElementsOf(ids("app:prod"));
        assertThat(resolved.problems()).containsExactly("'netwrk:prod' matches no stack; known stacks: "
                + "app:prod, envs/dev, envs/prod, envs/prod/eu, net:dev, net:prod");
    }

    @Test
    void regexCharactersInIdsAreLiteral() {
        StackSelection.Resolved resolved = StackSelection.of(List.of("a.b")).resolve(idSet("a.b", "axb"));

        assertThat(resolved.stacks()).containsExactlyElementsOf(ids("a.b"));
    }

    @Test
    void noPatternSelectsEverything() {
        assertThat(StackSelection.all().resolve(KNOWN).stacks()).hasSize(KNOWN.size());
        assertThat(StackSelection.of(List.of()).selectsAll()).isTrue();
        assertThat(StackSelection.of(List.of()).resolve(KNOWN).problems()).isEmpty();
    }

    @Test
    void aSelectionOfOnlyBlanksSelectsNothingAndIsAProblem() {
        for (List<String> blank : List.of(List.of(""), List.of(" "), List.of("", "  "), List.of(" , ,"))) {
            StackSelection selection = StackSelection.of(blank);
            assertThat(selection.selectsAll()).as("%s", blank).isFalse();
            StackSelection.Resolved resolved = selection.resolve(KNOWN);
            assertThat(resolved.stacks()).as("%s", blank).isEmpty();
            assertThat(resolved.problems()).singleElement().asString().startsWith("the stack selection is blank");
        }
    }

    @Test
    void blankPatternsBesideOthersAreIgnored() {
        StackSelection.Resolved resolved = StackSelection.of(List.of("", "net:prod", " ", "net:prod, ,")).resolve(KNOWN);
        assertThat(resolved.problems()).isEmpty();
        assertThat(resolved.stacks()).containsExactlyElementsOf(ids("net:prod"));
    }

    @Test
    void aLongPatternOfStarsSelectsInLinearTime() {
        // 41 characters: the backtracking regex took 12-25 s on an id like this; a guard with a generous bound
        String pattern = "*a".repeat(20) + "b";
        assertThat(pattern).hasSize(41);
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            StackSelection.Resolved resolved = StackSelection.of(List.of(pattern)).resolve(idSet("a".repeat(60), "a".repeat(40) + "b"));
            assertThat(resolved.stacks()).containsExactlyElementsOf(ids("a".repeat(40) + "b"));
        });
    }
}
