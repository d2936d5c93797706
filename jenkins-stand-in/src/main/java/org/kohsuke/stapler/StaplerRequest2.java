package org.kohsuke.stapler;

import java.lang.reflect.Type;

import jakarta.servlet.http.HttpServletRequest;
import net.sf.json.JSONObject;

public interface StaplerRequest2 extends HttpServletRequest {
    String getRestOfPath();

    // every overload of bindJSON, as in Stapler: with only one, a call such as bindJSON(any(), any()) in a test would
    // resolve here to another overload than in the real build
    <T> T bindJSON(Class<T> type, JSONObject src);

    <T> T bindJSON(Type genericType, Class<T> erasure, Object json);

    void bindJSON(Object bean, JSONObject src);
}
