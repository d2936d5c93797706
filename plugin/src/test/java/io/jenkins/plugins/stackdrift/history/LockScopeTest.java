package io.jenkins.plugins.stackdrift.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import hudson.model.Item;
import hudson.model.ItemGroup;
import hudson.model.Job;
import jenkins.model.DirectlyModifiableTopLevelItemGroup;
import jenkins.model.Jenkins;
import org.junit.jupiter.api.Test;

class LockScopeTest {
    private final Job<?, ?> job = mock(Job.class);

    private void parent(final Object parent) {
        doReturn(parent).when(job).getParent();
    }

    @Test
    void aBranchJobSharesTheScopeOfItsMultibranchProject() {
        // a multibranch project (a computed folder) is an item group whose children users cannot create
        Item project = mock(Item.class, withSettings().extraInterfaces(ItemGroup.class));
        when(project.getFullName()).thenReturn("org/app");
        parent(project);
        when(job.getFullName()).thenReturn("org/app/PR-1");
        assertThat(LockScope.of(job, null)).isEqualTo("org/app");
    }

    @Test
    void aJobInAFolderOrAtTheTopIsItsOwnScope() {
        Item folder = mock(Item.class, withSettings().extraInterfaces(DirectlyModifiableTopLevelItemGroup.class));
        when(folder.getFullName()).thenReturn("infra");
        parent(folder);
        when(job.getFullName()).thenReturn("infra/deploy");
        assertThat(LockScope.of(job, null)).isEqualTo("infra/deploy");

        parent(mock(Jenkins.class));
        when(job.getFullName()).thenReturn("deploy");
        assertThat(LockScope.of(job, " ")).isEqualTo("deploy");
    }

    @Test
    void aStepsLockScopeNamesTheScope() {
        parent(mock(Jenkins.class));
        when(job.getFullName()).thenReturn("deploy-nightly");
        assertThat(LockScope.of(job, " org/app ")).isEqualTo("org/app");
    }
}
