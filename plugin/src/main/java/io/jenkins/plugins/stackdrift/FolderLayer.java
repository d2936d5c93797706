package io.jenkins.plugins.stackdrift;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One folder's Stack Drift settings as a step sees them (no Jenkins types, so the merge is tested here): the folder's
 * full name, the credentials ids and lock scopes it lists, its tool paths (tool word → executable, only those set)
 * and its tool timeout (zero: not set). {@link StackDriftGlobalConfiguration.Defaults#withFolders} merges the layers.
 */
public record FolderLayer(String folder, List<String> allowedCredentials, List<String> sharedLockScopes,
        Map<String, String> toolPaths, Duration toolTimeout) {
    public FolderLayer {
        Objects.requireNonNull(folder, "folder");
        allowedCredentials = List.copyOf(new TreeSet<>(allowedCredentials));
        sharedLockScopes = List.copyOf(new TreeSet<>(sharedLockScopes));
        toolPaths = Map.copyOf(new TreeMap<>(toolPaths));
        Objects.requireNonNull(toolTimeout, "toolTimeout");
    }
}
