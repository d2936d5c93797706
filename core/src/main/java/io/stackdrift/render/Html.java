package io.stackdrift.render;

import java.util.List;
import java.util.Locale;

import org.owasp.encoder.Encode;

import io.stackdrift.model.Action;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * The few markup helpers every page shares. Every string that may come from tool output (stack ids,
 * resource names, paths, reasons) goes through {@link #text} or {@link #attr}; nothing else writes
 * untrusted text into markup.
 */
final class Html {
    private Html() {
    }

    /** Untrusted text as HTML element content: acting characters shown by their code ({@link TextSafe}), then encoded. */
    static String text(final String untrusted) {
        return Encode.forHtml(TextSafe.clean(untrusted));
    }

    /** Untrusted text as the value of a double-quoted HTML attribute. */
    static String attr(final String untrusted) {
        return Encode.forHtmlAttribute(untrusted);
    }

    /** Untrusted text as SVG (XML) element content. */
    static String xml(final String untrusted) {
        return Encode.forXml(untrusted);
    }

    /** The CSS class suffix of a row state: {@code in-sync}, {@code pending-drifted}. */
    static String stateClass(final RowState state) {
        return state.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The state a page shows for a row: a stack skipped in this run while a plan of it awaits approval from an earlier run
     * is awaiting approval, as the counts count it; every other row shows its own state.
     */
    static RowState shownState(final Row row) {
        return row.state() == RowState.SKIPPED && row.known().state() == RowState.AWAITING_APPROVAL ? RowState.AWAITING_APPROVAL
                : row.state();
    }

    /** A state pill: the word is always there, the colour only helps. */
    static String statePill(final RowState state) {
        return "<span class=\"sd-pill sd-state-" + stateClass(state) + "\">" + state.word() + "</span>";
    }

    static String actionPill(final Action action) {
        return "<span class=\"sd-action sd-action-" + action.word() + "\">" + action.word() + "</span>";
    }

    /** How urgently a person should look at a row; lower comes first. */
    static int attentionRank(final RowState state) {
        return switch (state) {
            case FAILED -> 0;
            case PENDING_DRIFTED -> 1;
            case DRIFTED -> 2;
            case AWAITING_APPROVAL -> 3;
            case PENDING -> 4;
            case DESTROYED -> 5;
            case NOT_DEPLOYED -> 6;
            case REPAIRED -> 7;
            case SKIPPED -> 8;
            case IN_SYNC -> 9;
        };
    }

    static String plural(final int n, final String one, final String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /**
     * After a depends-on link: the mark of a dependency the stack reads (the file does not list it): a Pulumi stack's stack
     * reference, another tool's {@code terraform_remote_state}.
     */
    static String readMark(final Row row, final StackId dependency) {
        if (!row.readFromReference(dependency)) {
            return "";
        }
        String title = row.tool() == Tool.PULUMI ? "read from a stack reference" : "read from a terraform_remote_state";
        return " <span class=\"sd-muted\" title=\"" + title + "\">(read)</span>";
    }

    /** Attribute paths as list items, the first few and "N more paths" (the caller opens and closes the list). */
    static void appendPathItems(final StringBuilder out, final List<String> paths, final RenderLimits limits) {
        for (String path : paths.subList(0, Math.min(paths.size(), limits.maxPathsPerChange()))) {
            out.append("<li><code>").append(text(path)).append("</code></li>");
        }
        if (paths.size() > limits.maxPathsPerChange()) {
            out.append("<li class=\"sd-muted\">").append(paths.size() - limits.maxPathsPerChange()).append(" more paths</li>");
        }
    }
}
