package io.jenkins.plugins.stackdrift;

import java.io.IOException;
import java.util.Optional;

import io.stackdrift.record.RunRecord;

/** Runs one engine operation where the workspace is, and brings back its outcome (and record). */
public interface EngineGateway {
    AgentOutcome call(Operation operation, EngineRequest request, StackCredentials credentials)
            throws IOException, InterruptedException;

    /** The record the last run operation left, stored into the build directory; empty when none was written. */
    Optional<RunRecord> storeRecord(java.io.File buildDir) throws IOException, InterruptedException;
}
