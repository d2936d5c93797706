package io.jenkins.plugins.stackdrift;

import hudson.ExtensionPoint;

/**
 * Where the steps get their engine from. The first registered extension wins; with none, the core's
 * engine ({@link EngineFactory#core()}). Lets the core wiring plug in without touching the steps, and
 * lets JenkinsRule tests run the real Jenkins plumbing with a scripted engine ({@code @TestExtension}).
 */
public abstract class EngineProvider implements ExtensionPoint {
    public abstract EngineFactory factory();
}
