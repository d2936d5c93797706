package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.stackdrift.FolderLayer;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.credentials.AllowedCredentials;
import org.junit.jupiter.api.Test;

/** A step's allow-lists: its own, its folders' and the global one add up; nothing listed binds nothing. */
class AllowListsTest {
    @Test
    void theStepsTheFoldersAndTheGlobalListsAddUp() {
        StackDriftGlobalConfiguration.Defaults defaults = StackDriftGlobalConfiguration.Defaults.builtIn()
                .withAllowedCredentials(List.of("aws-everyone"))
                .withFolders(List.of(new FolderLayer("team-a", List.of("aws-team-a"), List.of(), Map.of(), Duration.ZERO)));
        AllowedCredentials lists = AllowLists.of(new StepSettings(null, List.of(), null).withAllowedCredentials(List.of("aws-step")),
                defaults);

        assertThat(List.of("aws-step", "aws-team-a", "aws-everyone")).allSatisfy(id -> assertThat(lists.admit(id)).isPresent());
        assertThat(lists.admit("aws-prod")).isEmpty();
        assertThat(lists.refusal("aws-prod")).contains("the step's allowedCredentials: aws-step")
                .contains("folder team-a: aws-team-a").contains("Stack Drift: aws-everyone");
        assertThat(AllowLists.of(new StepSettings(null, List.of(), null), StackDriftGlobalConfiguration.Defaults.builtIn())
                .admit("aws-everyone")).isEmpty();
    }
}
