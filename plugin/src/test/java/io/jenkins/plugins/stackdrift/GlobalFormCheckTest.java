package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class GlobalFormCheckTest {
    private final Map<String, String> form = new HashMap<>(Map.of("defaultParallelism", "4",
            "defaultDriftResult", "UNSTABLE", "defaultFailedResult", "failure"));

    @Test
    void aGoodFormHasNoProblemAndBlanksAreTheDefaults() {
        assertThat(GlobalFormCheck.firstProblem(form::get)).isEmpty();
        form.replaceAll((field, value) -> "");
        assertThat(GlobalFormCheck.firstProblem(form::get)).isEmpty();
        assertThat(GlobalFormCheck.firstProblem(field -> null)).isEmpty();
    }

    @Test
    void aBadParallelismIsAnErrorAtItsField() {
        form.put("defaultParallelism", "-1");
        assertThat(GlobalFormCheck.firstProblem(form::get)).hasValueSatisfying(p -> {
            assertThat(p.field()).isEqualTo("defaultParallelism");
            assertThat(p.message()).isEqualTo("parallelism must be 1 or more (or 0 for the default), not -1");
        });
        form.put("defaultParallelism", "four");
        assertThat(GlobalFormCheck.firstProblem(form::get)).hasValueSatisfying(p -> assertThat(p.field())
                .isEqualTo("defaultParallelism"));
    }

    @Test
    void aBadResultWordIsAnErrorAtItsField() {
        form.put("defaultFailedResult", "ORANGE");
        assertThat(GlobalFormCheck.firstProblem(form::get)).hasValueSatisfying(p -> {
            assertThat(p.field()).isEqualTo("defaultFailedResult");
            assertThat(p.message()).isEqualTo("'ORANGE' is not a build result; use SUCCESS, UNSTABLE or FAILURE");
        });
    }

    @Test
    void theSelectOffersExactlyTheWordsTheResultPolicyReads() {
        assertThat(GlobalFormCheck.RESULT_WORDS).allSatisfy(word -> assertThat(BuildResultPolicy.problemWith(word)).isEmpty())
                .containsExactly("SUCCESS", "UNSTABLE", "FAILURE");
    }
}
