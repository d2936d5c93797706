package io.stackdrift.render;

import java.util.Optional;

import io.stackdrift.model.Counts;

/**
 * The build badge in the build history: an orange dot with "N stacks drifted", a red one when a stack
 * failed, a grey one with "N stacks destroyed" for a destroy, a teal one with "N stacks repaired" when the run's only
 * drift was put back in the run, and nothing at all when no stack drifted, failed, was destroyed or was repaired.
 */
public final class BuildBadge {
    static final String ORANGE = "#d4660a";
    static final String RED = "#cf222e";
    /** A destroy did what it was asked, so not red; but never the nothing-at-all of a healthy run. */
    static final String DESTROYED = "#59636e";

    private BuildBadge() {
    }

    /**
     * The words of the badge ("2 stacks drifted", "1 stack failed", "2 stacks drifted, 1 failed", "1 stack destroyed",
     * "3 stacks destroyed, 1 failed"); empty when there is nothing to say.
     */
    public static Optional<String> words(final Counts counts) {
        String drifted = Html.plural(counts.drifted(), "stack", "stacks") + " drifted";
        String failed = counts.failed() + " failed";
        if (counts.destroyed() > 0) {
            return Optional.of(Html.plural(counts.destroyed(), "stack", "stacks") + " destroyed"
                    + (counts.failed() > 0 ? ", " + failed : ""));
        }
        if (counts.failed() > 0 && counts.drifted() > 0) {
            return Optional.of(drifted + ", " + failed);
        }
        if (counts.failed() > 0) {
            return Optional.of(Html.plural(counts.failed(), "stack", "stacks") + " failed");
        }
        if (counts.drifted() > 0) {
            return Optional.of(drifted);
        }
        return counts.repaired() > 0 ? Optional.of(Html.plural(counts.repaired(), "stack", "stacks") + " repaired") : Optional.empty();
    }

    /** A 16px-high SVG: coloured dot and the words. Empty when nothing drifted, failed, was destroyed or was repaired. */
    public static Optional<String> svg(final Counts counts) {
        return words(counts).map(words -> {
            String colour = counts.failed() > 0 ? RED : counts.destroyed() > 0 ? DESTROYED : counts.drifted() > 0 ? ORANGE
                    : DriftPicture.REPAIRED;
            int width = 16 + TextWidth.of(words) + 2;
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sd-build-badge\" width=\"" + width
                    + "\" height=\"16\" viewBox=\"0 0 " + width + " 16\" role=\"img\" aria-label=\"" + words + "\">"
                    + "<title>" + words + "</title>"
                    + "<circle cx=\"6\" cy=\"8\" r=\"5\" fill=\"" + colour + "\"/>"
                    + "<text x=\"16\" y=\"12\" fill=\"#1f2328\" font-family=\"Verdana,DejaVu Sans,sans-serif\" font-size=\"11\">"
                    + words + "</text></svg>";
        });
    }
}
