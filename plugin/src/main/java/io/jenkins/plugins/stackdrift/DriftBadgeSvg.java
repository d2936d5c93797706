package io.jenkins.plugins.stackdrift;

/**
 * The embeddable badge ("drift | 2 stacks"): orange for drift, red for failures, green when in sync.
 * Text is built from numbers only, so nothing untrusted reaches the SVG.
 * TODO(core wiring): switch to the core's render badge when it lands (one look for CLI reports and Jenkins).
 */
final class DriftBadgeSvg {
    private DriftBadgeSvg() {
    }

    static String of(final RunSummary summary) {
        String value;
        String colour;
        if (summary.getFailed() > 0) {
            value = summary.getFailed() + " failed";
            colour = "#e05d44";
        } else if (summary.getDrifted() > 0) {
            value = summary.getDrifted() + (summary.getDrifted() == 1 ? " stack" : " stacks");
            colour = "#fe7d37";
        } else {
            value = "in sync";
            colour = "#4c1";
        }
        return svg(value, colour);
    }

    static String unknown() {
        return svg("unknown", "#9f9f9f");
    }

    private static String svg(final String value, final String colour) {
        int labelWidth = 40;
        int valueWidth = 10 + 7 * value.length();
        int width = labelWidth + valueWidth;
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"20\" role=\"img\" aria-label=\"drift: "
                + value + "\">"
                + "<rect width=\"" + labelWidth + "\" height=\"20\" fill=\"#555\"/>"
                + "<rect x=\"" + labelWidth + "\" width=\"" + valueWidth + "\" height=\"20\" fill=\"" + colour + "\"/>"
                + "<g fill=\"#fff\" font-family=\"Verdana,DejaVu Sans,sans-serif\" font-size=\"11\">"
                + "<text x=\"6\" y=\"14\">drift</text>"
                + "<text x=\"" + (labelWidth + 5) + "\" y=\"14\">" + value + "</text></g></svg>";
    }
}
