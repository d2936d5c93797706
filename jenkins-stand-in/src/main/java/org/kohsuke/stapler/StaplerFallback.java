package org.kohsuke.stapler;

public interface StaplerFallback {
}
