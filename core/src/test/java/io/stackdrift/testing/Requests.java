package io.stackdrift.testing;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

import io.stackdrift.engine.RunRequest;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;

/** Run requests for tests: a host always says every field; a test says only what it is about. */
public final class Requests {
    private Requests() {
    }

    /** A manual run of every stack in {@code configFile}, rooted at its directory: a deploy applies, unapproved. */
    public static RunRequest manual(final Path configFile, final String runId) {
        return new RunRequest(configFile, configFile.toAbsolutePath().getParent(), List.of(), OptionalInt.empty(), StartedBy.MANUAL,
                Set.of(), runId, "started by hand", DeployMode.APPLY, Approval.NOT_GIVEN, DeployKind.DEPLOY, Set.of(),
                Timing.WHEN_DUE);
    }
}
