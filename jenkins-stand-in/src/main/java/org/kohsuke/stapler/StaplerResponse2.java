package org.kohsuke.stapler;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.NonNull;
import jakarta.servlet.http.HttpServletResponse;

public interface StaplerResponse2 extends HttpServletResponse {
    void sendRedirect2(@NonNull String url) throws IOException;
}
