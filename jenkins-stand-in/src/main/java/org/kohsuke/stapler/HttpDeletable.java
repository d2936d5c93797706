package org.kohsuke.stapler;

public interface HttpDeletable {
}
