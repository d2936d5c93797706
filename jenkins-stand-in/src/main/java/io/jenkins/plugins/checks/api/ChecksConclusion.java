package io.jenkins.plugins.checks.api;

public enum ChecksConclusion {
    NONE, ACTION_REQUIRED, SKIPPED, CANCELED, TIME_OUT, FAILURE, NEUTRAL, SUCCESS
}
