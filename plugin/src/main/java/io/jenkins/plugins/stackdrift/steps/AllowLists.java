package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.stackdrift.FolderLayer;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.credentials.AllowedCredentials;

/**
 * The credentials allow-lists of one step, from what the controller holds only: the step's parameters (the
 * Jenkinsfile), its folders' settings and the global configuration (an administrator). Nothing an agent reported
 * reaches here; the credentials paths test keeps it so.
 */
final class AllowLists {
    private AllowLists() {
    }

    static AllowedCredentials of(final StepSettings settings, final StackDriftGlobalConfiguration.Defaults defaults) {
        List<AllowedCredentials.FolderList> folders = new ArrayList<>();
        for (FolderLayer layer : defaults.folders()) {
            folders.add(new AllowedCredentials.FolderList(layer.folder(), layer.allowedCredentials()));
        }
        return AllowedCredentials.of(settings.allowedCredentials(), defaults.allowedCredentials(), folders);
    }
}
