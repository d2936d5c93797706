package io.jenkins.plugins.stackdrift.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import java.util.List;

import hudson.AbortException;
import hudson.model.Item;
import hudson.model.ItemGroup;
import jenkins.model.DirectlyModifiableTopLevelItemGroup;
import jenkins.model.Jenkins;
import org.junit.jupiter.api.Test;

class LockScopeTest {
    // an Item, not a Job: in core, AbstractItem.getParent() has a bridge method returning Jenkins, and a Job mock's
    // getParent() refuses any other parent (Mockito's WrongTypeOfReturnValue in the real build)
    private final Item job = mock(Item.class);

    private void parent(final Object parent) {
        doReturn(parent).when(job).getParent();
    }

    @Test
    void aBranchJobSharesTheScopeOfItsMultibranchProject() throws Exception {
        // a multibranch project (a computed folder) is an item group whose children users cannot create
        Item project = mock(Item.class, withSettings().extraInterfaces(ItemGroup.class));
        when(project.getFullName()).thenReturn("org/app");
        parent(project);
        when(job.getFullName()).thenReturn("org/app/PR-1");
        assertThat(LockScope.of(job, null, List.of())).isEqualTo("org/app");
    }

    @Test
    void aJobInAFolderOrAtTheTopIsItsOwnScope() throws Exception {
        Item folder = mock(Item.class, withSettings().extraInterfaces(DirectlyModifiableTopLevelItemGroup.class));
        when(folder.getFullName()).thenReturn("infra");
        parent(folder);
        when(job.getFullName()).thenReturn("infra/deploy");
        assertThat(LockScope.of(job, null, List.of())).isEqualTo("infra/deploy");

        parent(mock(Jenkins.class));
        when(job.getFullName()).thenReturn("deploy");
        assertThat(LockScope.of(job, " ", List.of())).isEqualTo("deploy");
    }

    /** A job in folder team-a/infra: its folder tree is team-a/infra and team-a, and what lies under them. */
    private void inTeamAInfra() {
        Item team = mock(Item.class, withSettings().extraInterfaces(DirectlyModifiableTopLevelItemGroup.class));
        when(team.getFullName()).thenReturn("team-a");
        doReturn(mock(Jenkins.class)).when(team).getParent();
        Item infra = mock(Item.class, withSettings().extraInterfaces(DirectlyModifiableTopLevelItemGroup.class));
        when(infra.getFullName()).thenReturn("team-a/infra");
        doReturn(team).when(infra).getParent();
        parent(infra);
        when(job.getFullName()).thenReturn("team-a/infra/deploy-nightly");
    }

    @Test
    void aStepsLockScopeNamesAScopeOfItsOwnFolderTree() throws Exception {
        inTeamAInfra();
        assertThat(LockScope.of(job, " team-a/infra/app ", List.of())).isEqualTo("team-a/infra/app");
        assertThat(LockScope.of(job, "team-a", List.of())).isEqualTo("team-a");
        assertThat(LockScope.of(job, "team-a/shared", List.of())).isEqualTo("team-a/shared");
        assertThat(LockScope.of(job, "team-a/infra/deploy-nightly", List.of())).isEqualTo("team-a/infra/deploy-nightly");
    }

    @Test
    void anotherTeamsScopeIsRefusedUnlessAnAdministratorSharesIt() throws Exception {
        inTeamAInfra();
        assertThatThrownBy(() -> LockScope.of(job, "team-b/app", List.of())).isInstanceOf(AbortException.class)
                .hasMessageContaining("lockScope 'team-b/app' is not in the folders of team-a/infra/deploy-nightly"
                        + " (team-a/infra, team-a)")
                .hasMessageContaining("shared lock scopes of Manage Jenkins");
        // a name that only starts like a folder of the job is another folder
        assertThatThrownBy(() -> LockScope.of(job, "team-ab/app", List.of())).isInstanceOf(AbortException.class);
        assertThat(LockScope.of(job, "team-b/app", List.of("team-b/app"))).isEqualTo("team-b/app");
    }

    @Test
    void aJobAtTheTopNamesOnlyItsOwnOrASharedScope() throws Exception {
        parent(mock(Jenkins.class));
        when(job.getFullName()).thenReturn("deploy-nightly");
        assertThatThrownBy(() -> LockScope.of(job, "org/app", List.of())).isInstanceOf(AbortException.class)
                .hasMessageContaining("a job at the top of Jenkins has none");
        assertThat(LockScope.of(job, "org/app", List.of("org/app"))).isEqualTo("org/app");
        assertThat(LockScope.of(job, "deploy-nightly", List.of())).isEqualTo("deploy-nightly");
    }
}
