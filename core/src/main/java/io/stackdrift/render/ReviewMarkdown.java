package io.stackdrift.render;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Collectors;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.StackId;

/**
 * A {@link ReviewSummary} as GitHub-flavoured Markdown: a comment any CI can post, and the summary and text of a check
 * on a change request. Every name is a code span, so an address or path is shown as it is and never read as Markdown
 * or HTML; characters that act rather than show are written as codes first ({@link TextSafe}).
 */
public final class ReviewMarkdown {
    static final String IN_CODE = "Changes in this pull request";
    static final String REVERTS = "Reverts of changes made outside the code";
    static final String FOLLOWERS = "Stacks that will follow";

    private ReviewMarkdown() {
    }

    /** One line: the run's kind and counts ({@code Stack Drift preview: 3 stacks · 1 in sync · …}). */
    public static String title(final ReviewSummary summary) {
        return "Stack Drift " + summary.kind().word() + ": " + CountsLine.text(summary.counts(), false);
    }

    /** The counts and a table with one line per stack not in sync. */
    public static String summary(final ReviewSummary summary) {
        StringBuilder out = new StringBuilder();
        out.append(CountsLine.text(summary.counts(), false)).append("\n\n");
        if (summary.stacks().isEmpty()) {
            return out.append("Every stack is in sync: nothing to apply.\n").toString();
        }
        out.append("| stack | state | ").append(lower(IN_CODE)).append(" | ").append(lower(REVERTS)).append(" | ")
                .append(lower(FOLLOWERS)).append(" |\n|---|---|---:|---:|---|\n");
        for (StackReview stack : summary.stacks()) {
            out.append("| ").append(cell(code(stack.id().toString()))).append(" | ").append(stack.state().word()).append(" | ")
                    .append(stack.inCode().size()).append(" | ").append(stack.reverts().size())
                    .append(stack.driftAge().isPresent() ? " (since " + day(stack.driftAge()) + ")" : "").append(" | ")
                    .append(cell(ids(stack.followers()))).append(" |\n");
        }
        if (summary.unlisted() > 0) {
            out.append("\n").append(summary.unlisted()).append(" more stacks not in sync are on the build's page.\n");
        }
        return out.toString();
    }

    /** Per stack not in sync: its changes by cause, the drift's age, the stacks that follow. */
    public static String details(final ReviewSummary summary) {
        StringBuilder out = new StringBuilder();
        for (StackReview stack : summary.stacks()) {
            out.append("#### ").append(code(stack.id().toString())).append(" · ").append(stack.state().word()).append("\n\n");
            if (!stack.reason().isEmpty()) {
                out.append(code(stack.reason())).append("\n\n");
            }
            section(out, IN_CODE, "", stack.inCode());
            section(out, REVERTS, stack.driftAge().isPresent() ? " · drift known since " + instant(stack.driftAge())
                    + ", found by " + checks(stack.driftAge().checks()) : "", stack.reverts());
            if (!stack.followers().isEmpty()) {
                out.append("**").append(FOLLOWERS).append("** · ").append(ids(stack.followers()))
                        .append(stack.changedOutputs().isEmpty() ? " · no output of this stack changes"
                                : " · outputs of this stack that change: " + codes(stack.changedOutputs()))
                        .append("\n\n");
            }
            if (stack.omitted() > 0) {
                out.append("_").append(stack.omitted()).append(" more changes are on the build's page._\n\n");
            }
        }
        return out.toString();
    }

    /** The whole summary as one document: a heading, the summary (the counts first) and the details. */
    public static String document(final ReviewSummary summary) {
        return "### Stack Drift " + summary.kind().word() + "\n\n" + summary(summary) + "\n" + details(summary);
    }

    private static void section(final StringBuilder out, final String heading, final String note, final List<ReviewedChange> changes) {
        if (changes.isEmpty()) {
            return;
        }
        out.append("**").append(heading).append("** (").append(changes.size()).append(")").append(note).append("\n\n");
        for (ReviewedChange change : changes) {
            out.append("- ").append(change.action().word()).append(' ').append(code(change.address()));
            if (!change.paths().isEmpty()) {
                out.append(": ").append(codes(change.paths()));
            }
            if (change.omitted() > 0) {
                out.append(" and ").append(change.omitted()).append(" more paths");
            }
            out.append('\n');
        }
        out.append('\n');
    }

    private static String checks(final int checks) {
        return checks == 1 ? "1 check (this run)" : checks + " checks in a row, this run included";
    }

    private static String instant(final DriftAge age) {
        return age.sinceInstant().map(at -> at.truncatedTo(ChronoUnit.SECONDS).toString()).orElse("");
    }

    private static String day(final DriftAge age) {
        return age.sinceInstant().map(at -> at.toString().substring(0, 10)).orElse("");
    }

    private static String ids(final List<StackId> ids) {
        return ids.stream().map(id -> code(id.toString())).collect(Collectors.joining(", "));
    }

    private static String codes(final List<String> names) {
        return names.stream().map(ReviewMarkdown::code).collect(Collectors.joining(", "));
    }

    /** A code span that holds {@code text} whatever backticks it has (a fence one longer than its longest run). */
    static String code(final String text) {
        String clean = TextSafe.clean(text);
        int longest = 0;
        int run = 0;
        for (int i = 0; i < clean.length(); i++) {
            run = clean.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = clean.startsWith("`") || clean.endsWith("`");
        return fence + (pad ? " " : "") + clean + (pad ? " " : "") + fence;
    }

    /** A table cell's text: a pipe would end the cell, even inside a code span. */
    private static String cell(final String markdown) {
        return markdown.replace("|", "\\|");
    }

    private static String lower(final String heading) {
        return Character.toLowerCase(heading.charAt(0)) + heading.substring(1);
    }
}
