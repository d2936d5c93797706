package org.kohsuke.stapler;

public interface HttpResponse {
}
