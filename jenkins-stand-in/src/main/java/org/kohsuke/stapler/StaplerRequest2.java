package org.kohsuke.stapler;

import jakarta.servlet.http.HttpServletRequest;
import net.sf.json.JSONObject;

public interface StaplerRequest2 extends HttpServletRequest {
    String getRestOfPath();

    void bindJSON(Object bean, JSONObject src);
}
