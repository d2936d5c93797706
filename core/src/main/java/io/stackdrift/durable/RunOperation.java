package io.stackdrift.durable;

/** The runs an engine process makes: those that run tools. */
public enum RunOperation {
    PREVIEW,
    CHECK,
    DEPLOY
}
