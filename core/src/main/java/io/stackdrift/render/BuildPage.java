package io.stackdrift.render;

import java.util.Comparator;
import java.util.List;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunRecord;

/**
 * The build page section: the counts line and a table of rows (stack, tool, state, changes, depends on),
 * most urgent first. {@code stackdrift.js} sorts, filters and pages the table from its {@code data-*}
 * attributes; without the script every written row is shown, in this order.
 */
public final class BuildPage {
    private BuildPage() {
    }

    public static String fragment(final RunRecord run, final StackLinks links) {
        return fragment(run, links, RenderLimits.DEFAULTS);
    }

    public static String fragment(final RunRecord run, final StackLinks links, final RenderLimits limits) {
        List<Row> rows = run.rows().stream()
                .sorted(Comparator.comparingInt((Row row) -> Html.attentionRank(Html.shownState(row))).thenComparing(Row::id))
                .toList();
        StackLinks rowLinks = links.onlyFor(rows.stream().map(Row::id).toList());
        StringBuilder out = new StringBuilder(256 + rows.size() * 320);
        out.append("<section class=\"sd sd-build\" data-page-size=\"").append(limits.pageSize()).append("\">\n");
        out.append(CountsLine.html(run.counts())).append('\n');
        if (rows.isEmpty()) {
            out.append("<p class=\"sd-empty\">No stacks in this run.</p>\n</section>\n");
            return out.toString();
        }
        out.append(controls());
        out.append("<div class=\"sd-table-wrap\">\n<table class=\"sd-table sd-rows\">\n")
                .append("<caption class=\"sd-sr-only\">Stacks of this run, most urgent first</caption>\n")
                .append("<thead><tr><th scope=\"col\" data-sort=\"stack\">Stack</th><th scope=\"col\" data-sort=\"tool\">Tool</th>")
                .append("<th scope=\"col\" data-sort=\"rank\">State</th><th scope=\"col\" class=\"sd-num\" "
                        + "data-sort=\"changes\">Changes</th>")
                .append("<th scope=\"col\">Since</th><th scope=\"col\">Depends on</th></tr></thead>\n<tbody>\n");
        int written = Math.min(rows.size(), limits.maxTableRows());
        for (Row row : rows.subList(0, written)) {
            appendRow(out, row, rowLinks, limits);
        }
        out.append("</tbody>\n</table>\n</div>\n");
        out.append("<p class=\"sd-pager\" hidden><span class=\"sd-shown\" aria-live=\"polite\"></span> ")
                .append("<button type=\"button\" class=\"sd-button sd-show-more\">Show more</button> ")
                .append("<button type=\"button\" class=\"sd-button sd-show-all\">Show all</button></p>\n");
        if (rows.size() > written) {
            out.append("<p class=\"sd-note\">").append(String.format("%,d", rows.size() - written))
                    .append(" more stacks are not listed here (the table shows the first ")
                    .append(String.format("%,d", written)).append(", most urgent first).</p>\n");
        }
        return out.append("</section>\n").toString();
    }

    /**
     * Since when the row's stack is in the state the table shows: drifted since (with the number of checks), awaiting
     * approval since (a plan from an earlier run), or for a repaired row when its drift was first seen; empty otherwise.
     */
    static String since(final Row row) {
        if (row.state() == RowState.SKIPPED && row.known().state() == RowState.AWAITING_APPROVAL && row.known().since() > 0) {
            return "awaiting since " + DriftAges.when(row.known().since());
        }
        if (!row.driftAge().isPresent()) {
            return "";
        }
        if (row.state() == RowState.REPAIRED) {
            return "drift first seen " + DriftAges.when(row.driftAge().since());
        }
        return DriftAges.since(row.driftAge());
    }

    private static String controls() {
        StringBuilder out = new StringBuilder("<div class=\"sd-controls\" hidden>")
                .append("<label class=\"sd-control\">Find <input type=\"search\" class=\"sd-filter\" placeholder=\"stack id\"")
                .append(" autocomplete=\"off\" spellcheck=\"false\"></label> ")
                .append("<label class=\"sd-control\">Show <select class=\"sd-state-filter\">")
                .append("<option value=\"\">all states</option><option value=\"attention\">needs attention</option>");
        for (RowState state : RowState.values()) {
            out.append("<option value=\"").append(Html.stateClass(state)).append("\">").append(state.word()).append("</option>");
        }
        return out.append("</select></label></div>\n").toString();
    }

    private static void appendRow(final StringBuilder out, final Row row, final StackLinks links,
            final RenderLimits limits) {
        String id = row.id().value();
        RowState shown = Html.shownState(row);
        out.append("<tr class=\"sd-row sd-row-").append(Html.stateClass(shown))
                .append("\" data-stack=\"").append(Html.attr(id))
                .append("\" data-tool=\"").append(row.tool().word())
                .append("\" data-state=\"").append(Html.stateClass(shown))
                .append("\" data-rank=\"").append(Html.attentionRank(shown))
                .append("\" data-changes=\"").append(row.changeCount()).append("\">")
                .append("<td class=\"sd-stack\">").append(links.anchor(row.id(), "")).append("</td>")
                .append("<td class=\"sd-tool\">").append(row.tool().word()).append("</td>")
                .append("<td>").append(Html.statePill(shown));
        if (shown != row.state()) {
            out.append(" <span class=\"sd-muted sd-earlier\">from an earlier run</span>");
        }
        out.append("</td>")
                .append("<td class=\"sd-num\">").append(row.changeCount()).append("</td>")
                .append("<td class=\"sd-since\">").append(since(row)).append("</td>")
                .append("<td class=\"sd-deps\">");
        links.appendDependsOn(out, row, limits);
        out.append("</td></tr>\n");
    }
}
