package io.stackdrift.render;

import java.util.List;
import java.util.stream.Stream;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DriftRepair;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;

/**
 * One stack's page: its state and reason, its pending changes, its drift (listed like changes: what
 * happened, type, name, every path — never a value) and the paths owned elsewhere, in a muted section
 * of their own. The page of a pending stack that also drifted lists the drift after the changes and says
 * the deploy puts it back; the page of a stack repaired in this run says its drift was put back, with the
 * restored paths. A drifted stack says since when it has drifted and over how many checks. Large stacks are
 * bounded: at most {@link RenderLimits#maxChangesPerPage()} changes over all sections, each section
 * collapsible, with a note of how many more there are.
 */
public final class StackPage {
    private static final int OPEN_SECTION_UP_TO = 100;
    private static final int OPEN_OWNED_ELSEWHERE_UP_TO = 10;

    private StackPage() {
    }

    public static String fragment(final Row row, final StackLinks links) {
        return fragment(row, links, RenderLimits.DEFAULTS);
    }

    /**
     * @param links where the pages of the stacks it depends on are (relative to this page)
     */
    public static String fragment(final Row row, final StackLinks links, final RenderLimits limits) {
        StringBuilder out = new StringBuilder(1024);
        RowState shown = Html.shownState(row);
        out.append("<article class=\"sd sd-stack-page sd-stack-").append(Html.stateClass(shown)).append("\">\n");
        out.append("<header class=\"sd-stack-head\"><h2 class=\"sd-stack-title\">").append(Html.text(row.id().value()))
                .append("</h2> ").append(Html.statePill(shown)).append("</header>\n");
        appendFacts(out, row, links, limits);
        appendReasonOrSummary(out, row);

        int budget = limits.maxChangesPerPage();
        // a preview lists putting the drift back among its changes, marked as drift: the drift section stands for them
        int inCode = inCode(row.changes());
        if (inCode > 0) {
            budget -= appendSection(out, "changes", "Changes in the code, not deployed yet",
                    "What a deploy of this stack would do.", inCode, firstInCode(row.changes(), Math.max(0, Math.min(budget, inCode))),
                    limits, inCode <= OPEN_SECTION_UP_TO);
        }
        DriftRepair repair = DriftRepair.of(row.drift());
        String upstreamNote = " Only outputs changed: they read what another stack (or a data source) holds, and that changed.";
        if (!row.drift().isEmpty() && row.state() == RowState.REPAIRED) {
            String note = repair == DriftRepair.PUT_BACK
                    ? "These resources were changed outside the code. A deploy in this run put them back to what the code says:"
                            + " the paths listed are the ones it restored."
                    : "A deploy in this run " + Html.text(repair.done(row.allDependsOn())) + "." + upstreamNote;
            budget -= appendSection(out, "drift", repair == DriftRepair.PUT_BACK ? "Drift: put back in this run"
                    : "Drift: new values taken in this run", note, row.drift(), budget, limits, row.drift().size() <= OPEN_SECTION_UP_TO);
        } else if (!row.drift().isEmpty()) {
            String note;
            if (repair == DriftRepair.NEW_UPSTREAM_VALUE) {
                note = (inCode == 0 ? "Deploying this stack would " : "The deploy of this stack would also ")
                        + Html.text(repair.would(row.allDependsOn())) + "." + upstreamNote;
            } else {
                note = inCode == 0
                        ? "These resources were changed outside the code. Deploying this stack would put them back to what the code says."
                        : "These resources were also changed outside the code. The deploy of this stack puts them back to what the"
                                + " code says.";
            }
            budget -= appendSection(out, "drift", "Drift: changed outside the code", note, row.drift(), budget, limits,
                    row.drift().size() <= OPEN_SECTION_UP_TO);
        }
        if (!row.ownedElsewhere().isEmpty()) {
            appendSection(out, "owned-elsewhere", "Owned elsewhere",
                    "These fields belong to someone else (ignore rules in stacks.yaml). Their changes are not drift, and a deploy leaves "
                            + "them alone.",
                    row.ownedElsewhere(), budget, limits, row.ownedElsewhere().size() <= OPEN_OWNED_ELSEWHERE_UP_TO);
        }
        return out.append("</article>\n").toString();
    }

    private static void appendFacts(final StringBuilder out, final Row row, final StackLinks links, final RenderLimits limits) {
        out.append("<dl class=\"sd-facts\"><div><dt>Tool</dt><dd>").append(row.tool().word()).append("</dd></div>");
        if (!row.dir().isEmpty()) {
            out.append("<div><dt>Directory</dt><dd><code>").append(Html.text(row.dir())).append("</code></dd></div>");
        }
        out.append("<div><dt>Changes</dt><dd>").append(inCode(row.changes())).append("</dd></div>");
        out.append("<div><dt>Drift</dt><dd>").append(row.drift().size()).append("</dd></div>");
        if (!row.allDependsOn().isEmpty()) {
            out.append("<div><dt>Depends on</dt><dd>");
            links.appendDependsOn(out, row, limits);
            out.append("</dd></div>");
        }
        out.append("</dl>\n");
    }

    private static void appendReasonOrSummary(final StringBuilder out, final Row row) {
        String lead = switch (Html.shownState(row)) {
            case FAILED -> "Failed";
            case SKIPPED -> "Skipped";
            case AWAITING_APPROVAL -> row.state() == RowState.SKIPPED ? "Awaiting approval from an earlier run, skipped in this one"
                    : "Awaiting approval";
            case REPAIRED -> "Repaired";
            case NOT_DEPLOYED -> "Not deployed";
            case DESTROYED -> "Destroyed by this run";
            default -> "";
        };
        if (!lead.isEmpty()) {
            out.append("<p class=\"sd-reason sd-reason-").append(Html.stateClass(Html.shownState(row))).append("\"><strong>").append(lead)
                    .append(row.reason().isEmpty() ? "" : ":").append("</strong> ")
                    .append(Html.text(row.reason())).append("</p>\n");
        } else if (row.state() == RowState.IN_SYNC && row.changeCount() == 0) {
            out.append("<p class=\"sd-ok\">In sync: the infrastructure matches the code.</p>\n");
        }
        if (row.driftAge().isPresent() && row.state() == RowState.REPAIRED) {
            String done = DriftRepair.of(row.drift()) == DriftRepair.PUT_BACK ? "put back" : "new value taken";
            out.append("<p class=\"sd-drift-age\">").append(capitalised(DriftAges.firstSeen(row.driftAge(), done))).append("</p>\n");
        } else if (row.driftAge().isPresent()) {
            out.append("<p class=\"sd-drift-age\">").append(capitalised(DriftAges.since(row.driftAge()))).append("</p>\n");
        }
    }

    private static String capitalised(final String words) {
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    /** How many of a plan's changes are in the code (not marked as putting drift back). */
    private static int inCode(final ChangeList changes) {
        try (Stream<Change> all = changes.stream()) {
            return (int) all.filter(change -> change.cause() == Cause.CODE).count();
        }
    }

    private static List<Change> firstInCode(final ChangeList changes, final int n) {
        try (Stream<Change> all = changes.stream()) {
            return all.filter(change -> change.cause() == Cause.CODE).limit(n).toList();
        }
    }

    /** Appends one section and returns how many changes it listed. */
    private static int appendSection(final StringBuilder out, final String key, final String title, final String note,
            final ChangeList changes, final int budget, final RenderLimits limits, final boolean open) {
        return appendSection(out, key, title, note, changes.size(), changes.first(Math.max(0, Math.min(budget, changes.size()))), limits,
                open);
    }

    /** Appends one section of {@code total} changes listing {@code listed} (the first ones); returns how many it listed. */
    private static int appendSection(final StringBuilder out, final String key, final String title, final String note,
            final int total, final List<Change> listed, final RenderLimits limits, final boolean open) {
        int shown = listed.size();
        out.append("<details class=\"sd-section sd-section-").append(key).append('"').append(open ? " open" : "").append(">\n")
                .append("<summary><h3>").append(title).append(" <span class=\"sd-tally\">").append(String.format("%,d", total))
                .append("</span></h3></summary>\n")
                .append("<p class=\"sd-section-note\">").append(note).append("</p>\n");
        if (shown > 0) {
            out.append("<div class=\"sd-table-wrap\">\n<table class=\"sd-table sd-changes\">\n<thead><tr>")
                    .append("<th scope=\"col\">What happened</th><th scope=\"col\">Type</th><th scope=\"col\">Name</th>")
                    .append("<th scope=\"col\">Paths</th></tr></thead>\n<tbody>\n");
            for (Change change : listed) {
                appendChange(out, change, limits);
            }
            out.append("</tbody>\n</table>\n</div>\n");
        }
        if (shown < total) {
            out.append("<p class=\"sd-note\">").append(String.format("%,d", total - shown))
                    .append(" more not listed (this page shows at most ").append(String.format("%,d", limits.maxChangesPerPage()))
                    .append(" changes).</p>\n");
        }
        out.append("</details>\n");
        return shown;
    }

    private static void appendChange(final StringBuilder out, final Change change, final RenderLimits limits) {
        out.append("<tr><td>").append(Html.actionPill(change.action())).append("</td>")
                .append("<td><code class=\"sd-type\">").append(Html.text(change.type())).append("</code></td>")
                .append("<td><code class=\"sd-address\">").append(Html.text(change.address())).append("</code></td><td>");
        List<String> paths = change.paths();
        if (paths.isEmpty()) {
            out.append("<span class=\"sd-muted\">no attribute paths named</span>");
        } else {
            out.append("<ul class=\"sd-paths\">");
            Html.appendPathItems(out, paths, limits);
            out.append("</ul>");
        }
        out.append("</td></tr>\n");
    }
}
