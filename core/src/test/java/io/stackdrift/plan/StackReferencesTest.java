package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;

class StackReferencesTest {
    private final List<String> log = new ArrayList<>();
    private final Set<StackId> known = Set.of(StackId.of("network:prod"), StackId.of("app:prod"), StackId.of("app:dev"),
            StackId.of("dns:prod"), StackId.of("envs/prod"));

    private List<StackId> resolve(final String... names) {
        return StackReferences.resolve(List.of(names), "app", "dev", known, log::add);
    }

    @Test
    void fullNamesIgnoreTheOrganization() {
        assertThat(resolve("acme/network/prod", "someone-else/network/prod")).containsExactly(StackId.of("network:prod"));
        assertThat(log).isEmpty();
    }

    @Test
    void twoPartsReadAsProjectStackElseOrgStackOfTheOwnProject() {
        assertThat(resolve("dns/dev", "acme/prod")).containsExactly(StackId.of("app:prod"));
        Set<StackId> withoutOwnProd = Set.of(StackId.of("dns:prod"), StackId.of("app:dev"));
        assertThat(StackReferences.resolve(List.of("dns/prod"), "app", "dev", withoutOwnProd, log::add))
                .containsExactly(StackId.of("dns:prod"));
        assertThat(log).isEmpty();
    }

    @Test
    void twoPartsThatFitBothReadingsTakeTheFileBackendReading() {
        assertThat(resolve("dns/prod")).containsExactly(StackId.of("dns:prod"));
        assertThat(log).isEmpty();
    }

    @Test
    void anotherProjectsStackOfTheSameNameIsNotReadAsTheStackItself() {
        Set<StackId> twoProjects = Set.of(StackId.of("c1:prod"), StackId.of("c2:prod"));
        assertThat(StackReferences.resolve(List.of("c2/prod"), "c1", "prod", twoProjects, log::add))
                .containsExactly(StackId.of("c2:prod"));
        assertThat(log).isEmpty();
    }

    @Test
    void aBareStackIsOfTheOwnProject() {
        assertThat(resolve("prod")).containsExactly(StackId.of("app:prod"));
    }

    @Test
    void selfReferencesAreDroppedWithoutCounting() {
        assertThat(resolve("dev", "acme/app/dev", "org/dev")).isEmpty();
        assertThat(log).isEmpty();
    }

    @Test
    void unknownNamesAreCountedAndLoggedWithoutTheName() {
        Set<StackId> both = Set.of(StackId.of("network:prod"), StackId.of("app:prod"));
        List<StackId> ids = StackReferences.resolve(List.of("acme/zzqprivate/prod", "nope", "a/b/c/d", "network/prod", "//"),
                "app", "dev", both, log::add);
        assertThat(ids).containsExactly(StackId.of("network:prod"));
        assertThat(log).containsExactly(
                "4 stack reference(s) fit no stack of this configuration (another repository or an ignored stack); nothing waits on them");
        assertThat(String.join("\n", log)).doesNotContain("nope").doesNotContain("zzqprivate");
    }

    @Test
    void sortedAndDistinct() {
        assertThat(resolve("prod", "acme/network/prod", "app/prod", "network/prod"))
                .containsExactly(StackId.of("app:prod"), StackId.of("network:prod"));
    }

    @Test
    void terraformIdsAreNeverMatchedByPulumiNames() {
        assertThat(StackReferences.resolve(List.of("envs/prod"), "app", "dev", Set.of(StackId.of("envs/prod")), log::add)).isEmpty();
        assertThat(log).hasSize(1);
    }
}
