package io.stackdrift.render;

import org.owasp.encoder.Encode;

/**
 * The page wrapper of the static report: a complete HTML document around fragments, with the style sheet
 * and the script linked from files (never inline) and a Content-Security-Policy that allows only them.
 */
public final class StandalonePage {
    private StandalonePage() {
    }

    /**
     * @param title      untrusted text is fine: it is escaped
     * @param assetsPath the relative path from the page to the folder of {@link Assets} ("" or "../")
     * @param body       an HTML fragment made by this package
     */
    public static String wrap(final String title, final String assetsPath, final String nav, final String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'; script-src 'self';"
                + " img-src 'self' data:\">\n"
                + "<meta name=\"generator\" content=\"Stack Drift\">\n"
                + "<title>" + Encode.forHtml(TextSafe.clean(title)) + " \u00B7 Stack Drift</title>\n"
                + "<link rel=\"stylesheet\" href=\"" + assetsPath + Assets.CSS + "\">\n"
                + "<script src=\"" + assetsPath + Assets.JS + "\" defer></script>\n"
                + "</head>\n<body class=\"sd-page\">\n"
                + "<header class=\"sd-topbar\"><span class=\"sd-brand\"><span class=\"sd-logo\" aria-hidden=\"true\"></span>Stack "
                        + "Drift</span>"
                + nav + "</header>\n<main class=\"sd-main\">\n" + body + "</main>\n"
                + "<footer class=\"sd-footer\">Attribute paths only: Stack Drift never shows a value from a plan, a state or an "
                        + "output.</footer>\n"
                + "</body>\n</html>\n";
    }
}
