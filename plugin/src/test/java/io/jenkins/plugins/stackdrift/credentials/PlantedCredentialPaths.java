package io.jenkins.plugins.stackdrift.credentials;

import java.util.List;
import java.util.Map;

import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.common.StandardCredentials;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.agent.AgentOutcome;

/**
 * Planted paths for {@code CredentialsPathsTest}: three ways an id the agent reported could reach the credentials store,
 * each of which the check must find. Test sources only; nothing calls them.
 */
final class PlantedCredentialPaths {
    private PlantedCredentialPaths() {
    }

    /** Looks up what the agent's stacks.yaml named, straight from its outcome. */
    static StandardCredentials lookUpWhatTheAgentSaid(final AgentOutcome outcome, final Run<?, ?> run) {
        Map<String, String> ids = outcome.selectedStacks().get("network");
        return CredentialsProvider.findCredentialById(ids.get("AWS_KEY"), StandardCredentials.class, run);
    }

    /** Makes an allowed id of an agent's string without any list. */
    static AllowedId launderedId(final AgentOutcome outcome) {
        return new AllowedId(outcome.selectedStacks().get("network").get("AWS_KEY"));
    }

    /** Builds the allow-list from the agent's own mapping. */
    static AllowedCredentials listsFromTheAgent(final AgentOutcome outcome) {
        return AllowedCredentials.of(outcome.selectedStacks().get("network").values(), List.of(), List.of());
    }
}
