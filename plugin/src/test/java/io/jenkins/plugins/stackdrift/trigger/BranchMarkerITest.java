package io.jenkins.plugins.stackdrift.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import jenkins.scm.api.metadata.PrimaryInstanceMetadataAction;
import org.junit.jupiter.api.Test;

/**
 * The marker of a multibranch project's primary branch that {@link BranchJobs} looks for by name is scm-api's class
 * (real build only: scm-api is on its test class path, not in the stand-in).
 */
class BranchMarkerITest {
    @Test
    void theMarkerIsScmApisPrimaryInstanceAction() {
        assertThat(BranchJobs.PRIMARY_MARKER).isEqualTo(PrimaryInstanceMetadataAction.class.getName());
    }
}
