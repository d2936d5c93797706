package io.jenkins.plugins.checks.api;

public enum ChecksStatus {
    NONE, QUEUED, IN_PROGRESS, COMPLETED
}
