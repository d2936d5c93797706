package org.kohsuke.stapler;

import jakarta.servlet.http.HttpServletRequest;

public interface StaplerRequest2 extends HttpServletRequest {
    String getRestOfPath();
}
