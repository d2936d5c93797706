package org.kohsuke.stapler;

public interface StaplerOverridable {
}
