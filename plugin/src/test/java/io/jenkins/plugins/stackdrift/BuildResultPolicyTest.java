package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import hudson.model.Result;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Counts;

class BuildResultPolicyTest {
    private static final Counts CLEAN = new Counts(3, 3, 0, 0, 0, 0, 0);
    private static final Counts DRIFT = new Counts(3, 2, 1, 0, 0, 0, 0);
    private static final Counts FAILED = new Counts(3, 2, 0, 0, 1, 0, 0);
    private static final Counts BOTH = new Counts(3, 1, 1, 0, 1, 0, 0);
    private static final Counts AWAITING = new Counts(3, 2, 0, 0, 0, 0, 1);
    private static final Counts PENDING_ONLY = new Counts(3, 2, 0, 1, 0, 0, 0);
    private static final Counts REPAIRED = new Counts(3, 2, 0, 0, 0, 0, 0, 1);

    private final BuildResultPolicy defaults = new BuildResultPolicy(Result.UNSTABLE, Result.FAILURE);

    @Test
    void cleanRunAndPendingChangesAreSuccess() {
        assertThat(defaults.resultFor(CLEAN)).isSameAs(Result.SUCCESS);
        assertThat(defaults.resultFor(PENDING_ONLY)).isSameAs(Result.SUCCESS);
    }

    @Test
    void aRepairIsSuccessByDefaultAndHasAResultOfItsOwn() {
        assertThat(defaults.resultFor(REPAIRED)).isSameAs(Result.SUCCESS);
        BuildResultPolicy told = new BuildResultPolicy(Result.FAILURE, Result.FAILURE, Result.UNSTABLE);
        assertThat(told.resultFor(REPAIRED)).isSameAs(Result.UNSTABLE);
        assertThat(told.resultFor(CLEAN)).isSameAs(Result.SUCCESS);
    }

    @Test
    void driftIsUnstableAndFailureIsFailureByDefault() {
        assertThat(defaults.resultFor(DRIFT)).isSameAs(Result.UNSTABLE);
        assertThat(defaults.resultFor(AWAITING)).isSameAs(Result.UNSTABLE);
        assertThat(defaults.resultFor(FAILED)).isSameAs(Result.FAILURE);
        assertThat(defaults.resultFor(BOTH)).isSameAs(Result.FAILURE);
    }

    @Test
    void configuredResultsApply() {
        BuildResultPolicy lenient = new BuildResultPolicy(Result.SUCCESS, Result.UNSTABLE);
        assertThat(lenient.resultFor(DRIFT)).isSameAs(Result.SUCCESS);
        assertThat(lenient.resultFor(BOTH)).isSameAs(Result.UNSTABLE);
        BuildResultPolicy strict = new BuildResultPolicy(Result.FAILURE, Result.UNSTABLE);
        assertThat(strict.resultFor(BOTH)).isSameAs(Result.FAILURE);
    }

    @Test
    void parsesResultWordsInAnyCase() {
        assertThat(BuildResultPolicy.parse("unstable")).isSameAs(Result.UNSTABLE);
        assertThat(BuildResultPolicy.parse(" Failure ")).isSameAs(Result.FAILURE);
        assertThat(BuildResultPolicy.parse("SUCCESS")).isSameAs(Result.SUCCESS);
    }

    @Test
    void rejectsOtherWordsWithTheAllowedOnes() {
        assertThatThrownBy(() -> BuildResultPolicy.parse("ABORTED"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'ABORTED' is not a build result; use SUCCESS, UNSTABLE or FAILURE");
    }

    @Test
    void aBlankConfiguredResultIsTheDefaultAndAWordIsCanonical() {
        assertThat(BuildResultPolicy.wordOr("", "UNSTABLE")).isEqualTo("UNSTABLE");
        assertThat(BuildResultPolicy.wordOr("  ", "FAILURE")).isEqualTo("FAILURE");
        assertThat(BuildResultPolicy.wordOr(null, "FAILURE")).isEqualTo("FAILURE");
        assertThat(BuildResultPolicy.wordOr(" success ", "FAILURE")).isEqualTo("SUCCESS");
        assertThatThrownBy(() -> BuildResultPolicy.wordOr("ABORTED", "FAILURE")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theFormCheckNamesTheAllowedWords() {
        assertThat(BuildResultPolicy.problemWith("")).isEmpty();
        assertThat(BuildResultPolicy.problemWith("unstable")).isEmpty();
        assertThat(BuildResultPolicy.problemWith("yellow")).hasValueSatisfying(m ->
                assertThat(m).contains("'yellow'").contains("SUCCESS, UNSTABLE or FAILURE"));
    }
}
