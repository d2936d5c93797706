package org.kohsuke.stapler;

public interface StaplerProxy {
}
