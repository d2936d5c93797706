package io.jenkins.plugins.stackdrift.credentials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Whose credentials mapping a build uses, decided on a model of a repository with a target branch and change requests. */
class ChangeTrustTest {
    private final ChangeRequestModel repository = new ChangeRequestModel()
            .file("main-tip", "stacks.yaml", "stacks:\n  - dir: network\n    credentials: {AWS_KEY: aws-dev}\n")
            .file("pr-7-head", "stacks.yaml", "stacks:\n  - dir: network\n    credentials: {AWS_KEY: aws-prod}\n");

    private static final UntrustedChanges OPTED_IN = UntrustedChanges.TARGET_BRANCH_CREDENTIALS;

    @Test
    void aChangeRequestFromAnUntrustedForkBindsNothingUnlessTheStepOptsIn() throws Exception {
        CredentialsSource source = ChangeTrust.decide(repository, "stacks.yaml", UntrustedChanges.NO_CREDENTIALS);
        assertThat(source.kind()).isEqualTo(CredentialsSource.Kind.NONE);
        assertThat(source.trustedConfig()).isEmpty();
        assertThat(source.reason()).contains("this change request comes from a source the job does not trust")
                .contains("it runs without credentials").contains("untrustedChanges: 'TARGET_BRANCH_CREDENTIALS'");
        assertThat(UntrustedChanges.parse(null)).contains(UntrustedChanges.NO_CREDENTIALS);
        assertThat(UntrustedChanges.parse(" target_branch_credentials ")).contains(OPTED_IN);
        assertThat(UntrustedChanges.parse("ANY")).isEmpty();
    }

    @Test
    void anOptedInChangeRequestFromAnUntrustedForkTakesTheTargetBranchsFile() throws Exception {
        CredentialsSource source = ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN);
        assertThat(source.kind()).isEqualTo(CredentialsSource.Kind.TARGET_BRANCH);
        assertThat(source.trustedConfig()).hasValueSatisfying(text -> assertThat(text).contains("aws-dev").doesNotContain("aws-prod"));
        assertThat(source.reason()).contains("this change request comes from a source the job does not trust")
                .contains("stacks.yaml of the trusted revision (main-tip)");
    }

    @Test
    void aTrustedChangeRequestABranchAndAJobWithoutSourceUseTheirCheckout() throws Exception {
        repository.trustedRevision = repository.tip;
        assertThat(ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN).kind()).isEqualTo(CredentialsSource.Kind.CHECKOUT);
        repository.changeRequest = false;
        assertThat(ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN).kind()).isEqualTo(CredentialsSource.Kind.CHECKOUT);
        repository.fromSource = false;
        repository.trustedRevision = "main-tip";
        assertThat(ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN).kind()).isEqualTo(CredentialsSource.Kind.CHECKOUT);
    }

    @Test
    void whenTheTrustedFileCannotBeHadNothingIsBound() throws Exception {
        assertThat(ChangeTrust.decide(repository, "infra/stacks.yaml", OPTED_IN)).satisfies(s -> {
            assertThat(s.kind()).isEqualTo(CredentialsSource.Kind.NONE);
            assertThat(s.reason()).contains("has no infra/stacks.yaml; no credentials are bound");
        });
        repository.readFails = true;
        assertThat(ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN)).satisfies(s -> {
            assertThat(s.kind()).isEqualTo(CredentialsSource.Kind.NONE);
            assertThat(s.reason()).contains("could not be read (IOException)");
        });
        repository.readFails = false;
        // a source without lightweight file access (scm-api's mock SCM in the real build's ITest) is said as such
        repository.noFileAccess = true;
        assertThat(ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN)).satisfies(s -> {
            assertThat(s.kind()).isEqualTo(CredentialsSource.Kind.NONE);
            assertThat(s.reason()).contains("its SCM source offers no lightweight access to the files of the trusted revision"
                    + " (main-tip), so stacks.yaml of that revision cannot be read (Stack Drift does not check it out);"
                    + " no credentials are bound");
        });
        repository.noFileAccess = false;
        repository.trustCheckFails = true;
        assertThat(ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN).kind()).isEqualTo(CredentialsSource.Kind.NONE);
        repository.trustCheckFails = false;
        repository.tip = null;
        assertThat(ChangeTrust.decide(repository, "stacks.yaml", OPTED_IN)).satisfies(s -> {
            assertThat(s.kind()).isEqualTo(CredentialsSource.Kind.NONE);
            assertThat(s.reason()).contains("does not record which revision it checked out");
        });
    }
}
