package io.jenkins.plugins.stackdrift.actions;

import java.io.IOException;
import java.io.OutputStream;

import org.kohsuke.stapler.StaplerResponse2;

import io.stackdrift.render.Assets;

/**
 * Serves the core's style sheet and script ({@code stackdrift.css}, {@code stackdrift.js}) under an action's
 * {@code assets/} URL: the core's fragments need them, and Jenkins' Content-Security-Policy forbids inline
 * style and script, so pages link these files instead.
 */
final class StaticAssets {
    static final String PREFIX = "/assets/";

    private StaticAssets() {
    }

    /** Serves {@code restOfPath} when it names an asset; false (nothing written) otherwise. */
    static boolean serve(final String restOfPath, final StaplerResponse2 rsp) throws IOException {
        if (restOfPath == null || !restOfPath.startsWith(PREFIX)) {
            return false;
        }
        String name = restOfPath.substring(PREFIX.length());
        if (!Assets.names().contains(name)) {
            return false;
        }
        rsp.setContentType((name.endsWith(".css") ? "text/css" : "text/javascript") + ";charset=UTF-8");
        rsp.setHeader("Cache-Control", "max-age=3600, public");
        OutputStream out = rsp.getOutputStream();
        out.write(Assets.bytes(name));
        out.flush();
        return true;
    }
}
