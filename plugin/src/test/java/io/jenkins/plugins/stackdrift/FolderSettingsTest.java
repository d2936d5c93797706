package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.cloudbees.hudson.plugins.folder.AbstractFolder;
import com.cloudbees.hudson.plugins.folder.AbstractFolderProperty;
import com.cloudbees.hudson.plugins.folder.AbstractFolderPropertyDescriptor;
import hudson.model.Item;
import hudson.util.DescribableList;
import jenkins.model.Jenkins;
import org.junit.jupiter.api.Test;
import org.mockito.MockedStatic;

/** A folder's Stack Drift settings, and how they merge with the folders above and the global configuration. */
class FolderSettingsTest {
    private static final FolderLayer INNER = new FolderLayer("team-a/infra", List.of("aws-infra"), List.of(),
            Map.of("terraform", "/inner/terraform"), Duration.ZERO);
    private static final FolderLayer OUTER = new FolderLayer("team-a", List.of("aws-team-a"), List.of("team-b/shared"),
            Map.of("terraform", "/outer/terraform", "tofu", "/outer/tofu"), Duration.ofHours(2));

    private static StackDriftGlobalConfiguration.Defaults global() {
        return new StackDriftGlobalConfiguration.Defaults(0, "UNSTABLE", "FAILURE", "/global/terraform", "", "/global/pulumi")
                .withAllowedCredentials(List.of("aws-everyone")).withSharedLockScopes(List.of("platform"))
                .withToolTimeout(Duration.ofHours(1));
    }

    @Test
    void theNearestFolderThatSetsAToolPathOrTimeoutWinsAndTheListsAddUp() {
        StackDriftGlobalConfiguration.Defaults merged = global().withFolders(List.of(INNER, OUTER));

        assertThat(merged.toolPaths()).isEqualTo(Map.of("terraform", "/inner/terraform", "tofu", "/outer/tofu",
                "pulumi", "/global/pulumi"));
        assertThat(merged.toolTimeout()).isEqualTo(Duration.ofHours(2));
        assertThat(merged.sharedLockScopes()).containsExactly("platform", "team-b/shared");
        assertThat(merged.allowedCredentials()).containsExactly("aws-everyone");
        assertThat(merged.folders()).containsExactly(INNER, OUTER);
        // without folders: the global values alone
        assertThat(global().toolTimeout()).isEqualTo(Duration.ofHours(1));
        assertThat(global().toolPaths()).containsEntry("terraform", "/global/terraform").doesNotContainKey("tofu");
    }

    @Test
    void theLayersOfAJobAreItsFoldersWithSettingsNearestFirst() {
        Item job = mock(Item.class);
        AbstractFolder<?> infra = folder("team-a/infra", property("aws-infra"));
        AbstractFolder<?> plain = folder("team-a/infra-parent", null);
        AbstractFolder<?> team = folder("team-a", property("aws-team-a"));
        try (MockedStatic<ItemParents> parents = mockStatic(ItemParents.class)) {
            parents.when(() -> ItemParents.of(job)).thenReturn(infra);
            parents.when(() -> ItemParents.of(infra)).thenReturn(plain);
            parents.when(() -> ItemParents.of(plain)).thenReturn(team);
            parents.when(() -> ItemParents.of(team)).thenReturn(mock(Jenkins.class));

            assertThat(StackDriftFolderProperty.layersOf(job)).extracting(FolderLayer::folder, FolderLayer::allowedCredentials)
                    .containsExactly(tuple("team-a/infra", List.of("aws-infra")), tuple("team-a", List.of("aws-team-a")));
        }
    }

    @Test
    void onlyAnAdministratorSetsAFoldersSharedLockScopesAndATimeoutIsADuration() {
        StackDriftFolderProperty property = new StackDriftFolderProperty();
        try (MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            facade.when(JenkinsFacade::canAdminister).thenReturn(false);
            property.setSharedLockScopes(List.of(""));
            assertThatThrownBy(() -> property.setSharedLockScopes(List.of("team-b/prod")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only an administrator");
            facade.when(JenkinsFacade::canAdminister).thenReturn(true);
            property.setSharedLockScopes(List.of("team-b/prod, team-c/prod"));
        }
        assertThat(property.getSharedLockScopes()).containsExactly("team-b/prod", "team-c/prod");
        property.setToolTimeout(" 90m ");
        property.setTerraformPath(" /opt/tf ");
        assertThat(property.layer("f").toolTimeout()).isEqualTo(Duration.ofMinutes(90));
        assertThat(property.layer("f").toolPaths()).isEqualTo(Map.of("terraform", "/opt/tf"));
        assertThatThrownBy(() -> property.setToolTimeout("soon")).isInstanceOf(IllegalArgumentException.class);
    }

    private static StackDriftFolderProperty property(final String id) {
        StackDriftFolderProperty property = new StackDriftFolderProperty();
        property.setAllowedCredentials(List.of(id));
        return property;
    }

    @SuppressWarnings("unchecked")
    private static AbstractFolder<?> folder(final String name, final StackDriftFolderProperty property) {
        AbstractFolder<?> folder = mock(AbstractFolder.class);
        when(folder.getFullName()).thenReturn(name);
        DescribableList<AbstractFolderProperty<?>, AbstractFolderPropertyDescriptor> properties = mock(DescribableList.class);
        when(properties.get(StackDriftFolderProperty.class)).thenReturn(property);
        when(folder.getProperties()).thenReturn(properties);
        return folder;
    }
}
