package io.stackdrift.render;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunSummary;
import io.stackdrift.record.TrailEntry;

/**
 * The static report ({@code stackdrift ... --html DIR}): the same page the build shows, as files.
 * <pre>
 * DIR/index.html            counts line, table of stacks, drift picture, drifted the longest, recently deployed
 * DIR/stacks/&lt;name&gt;.html    one page per stack ({@link StackFileName})
 * DIR/badge.svg             the job badge
 * DIR/stackdrift.css, .js   copied from the core jar
 * </pre>
 * Every file is written whole (temp file + rename).
 */
public final class HtmlReport {
    /** The folder of the stack pages inside the report. */
    public static final String STACKS_DIR = "stacks";
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private HtmlReport() {
    }

    /**
     * What the report shows of the job's history: run summaries for the drift picture and the trail for "Recently
     * deployed" — small files, never an earlier run's details (one large run must not weigh on every later report).
     *
     * @param runs  summaries of earlier runs, any order (the run itself may be among them)
     * @param trail deploys newest first, as the history keeps them (the run's own may be among them)
     * @param skipped summary files left out of the trend as unreadable, one line each (file name and why): the page
     *                names them, so a run does not vanish from the trend without a word
     */
    public record History(List<RunSummary> runs, List<TrailEntry> trail, List<String> skipped) {
        public static final History NONE = new History(List.of(), List.of());

        public History {
            runs = List.copyOf(runs);
            trail = List.copyOf(trail);
            skipped = List.copyOf(skipped);
        }

        /** A history whose summaries were all read. */
        public History(final List<RunSummary> runs, final List<TrailEntry> trail) {
            this(runs, trail, List.of());
        }
    }

    /**
     * @param run     the run to show
     * @param history earlier runs of the same job, oldest first as recorded (the run itself may be among them); they
     *                feed the drift picture and "Recently deployed"
     */
    public static void write(final Path dir, final RunRecord run, final List<RunRecord> history) throws IOException {
        write(dir, run, history, RenderLimits.DEFAULTS);
    }

    public static void write(final Path dir, final RunRecord run, final List<RunRecord> history, final RenderLimits limits)
            throws IOException {
        List<RunRecord> runs = allRuns(run, history);
        List<TrailEntry> trail = new ArrayList<>();
        runs.forEach(r -> trail.addAll(r.trail()));
        write(dir, run, runs.stream().map(RunCounts::of).toList(), trail, limits);
    }

    /** The report of {@code run} with the drift picture and "Recently deployed" from the history's small files. */
    public static void write(final Path dir, final RunRecord run, final History history) throws IOException {
        write(dir, run, trend(run, history.runs()), trail(run, history.trail()), history.skipped(), RenderLimits.DEFAULTS);
    }

    private static void write(final Path dir, final RunRecord run, final List<RunCounts> trend, final List<TrailEntry> trail,
            final RenderLimits limits) throws IOException {
        write(dir, run, trend, trail, List.of(), limits);
    }

    private static void write(final Path dir, final RunRecord run, final List<RunCounts> trend, final List<TrailEntry> trail,
            final List<String> skipped, final RenderLimits limits) throws IOException {
        Assets.copyTo(dir);
        write(dir.resolve("badge.svg"), JobBadge.svg(run.counts()));
        write(dir.resolve("index.html"), index(run, trend, trail, skipped, limits));
        Path stacks = dir.resolve(STACKS_DIR);
        List<StackId> ids = run.rows().stream().map(Row::id).toList();
        StackLinks siblings = StackLinks.under("", ".html").onlyFor(ids);
        for (Row row : run.rowsSorted()) {
            String body = "<p class=\"sd-run-line sd-muted\"><a href=\"../index.html\">" + capitalised(run.kind().word()) + " #"
                    + Html.text(run.runId()) + "</a> \u00B7 " + runLine(run) + "</p>\n" + StackPage.fragment(row, siblings, limits);
            String nav = "<nav class=\"sd-nav\"><a href=\"../index.html\">\u2190 All stacks</a></nav>";
            write(stacks.resolve(StackFileName.of(row.id()) + ".html"),
                    StandalonePage.wrap(row.id().value() + " \u2014 " + Html.shownState(row).word(), "../", nav, body));
        }
    }

    static String index(final RunRecord run, final List<RunRecord> runs, final RenderLimits limits) {
        List<TrailEntry> trail = new ArrayList<>();
        runs.forEach(r -> trail.addAll(r.trail()));
        return index(run, runs.stream().map(RunCounts::of).toList(), trail, List.of(), limits);
    }

    static String index(final RunRecord run, final List<RunCounts> trend, final List<TrailEntry> trail, final List<String> skipped,
            final RenderLimits limits) {
        StackLinks links = StackLinks.staticReport().onlyFor(run.rows().stream().map(Row::id).toList());
        StringBuilder body = new StringBuilder();
        body.append("<div class=\"sd-run-head\"><h1 class=\"sd-title\">").append(capitalised(run.kind().word())).append(" #")
                .append(Html.text(run.runId())).append("</h1>")
                .append("<img class=\"sd-job-badge\" src=\"badge.svg\" alt=\"").append(Html.attr(JobBadge.message(run.counts())))
                .append("\" width=\"").append(badgeWidth(run)).append("\" height=\"20\"></div>\n")
                .append("<p class=\"sd-run-line sd-muted\">").append(runLine(run)).append("</p>\n")
                .append(BuildPage.fragment(run, links, limits))
                .append("<div class=\"sd-columns\">\n")
                .append(JobPage.fragment(trend, skipped, trail, driftAges(run), links, limits))
                .append("</div>\n");
        return StandalonePage.wrap(capitalised(run.kind().word()) + " #" + run.runId(), "", "", body.toString());
    }

    /** The drift age of each stack drifted in the run shown. */
    private static Map<StackId, DriftAge> driftAges(final RunRecord run) {
        Map<StackId, DriftAge> ages = new LinkedHashMap<>();
        run.rows().stream().filter(Row::showsDrift).forEach(row -> ages.put(row.id(), row.driftAge()));
        return ages;
    }

    private static int badgeWidth(final RunRecord run) {
        String svg = JobBadge.svg(run.counts());
        int start = svg.indexOf("width=\"") + 7;
        return Integer.parseInt(svg.substring(start, svg.indexOf('"', start)));
    }

    /** "scheduled drift check · 2026-11-29 19:20 UTC · took 3m 2s", escaped. */
    static String runLine(final RunRecord run) {
        List<String> parts = new ArrayList<>();
        if (!run.cause().isEmpty()) {
            parts.add(Html.text(run.cause()));
        }
        if (run.startedAt() > 0) {
            parts.add("<time datetime=\"" + Instant.ofEpochMilli(run.startedAt()) + "\">"
                    + WHEN.format(Instant.ofEpochMilli(run.startedAt()))
                    + "</time>");
        }
        duration(run).ifPresent(took -> parts.add("took " + took));
        return String.join(" \u00B7 ", parts);
    }

    private static Optional<String> duration(final RunRecord run) {
        if (run.startedAt() <= 0 || run.finishedAt() < run.startedAt()) {
            return Optional.empty();
        }
        Duration took = Duration.ofMillis(run.finishedAt() - run.startedAt());
        if (took.toHours() > 0) {
            return Optional.of(took.toHours() + "h " + took.toMinutesPart() + "m");
        }
        if (took.toMinutes() > 0) {
            return Optional.of(took.toMinutes() + "m " + took.toSecondsPart() + "s");
        }
        return Optional.of(took.toSeconds() + "s");
    }

    /**
     * The summaries plus the run, one point per run id (the given run wins), oldest first by run number: a clock that was
     * ahead or behind never makes a run the newest. The run, when the history does not hold it yet, is the newest.
     */
    static List<RunCounts> trend(final RunRecord run, final List<RunSummary> runs) {
        Map<String, RunSummary> byId = new LinkedHashMap<>();
        long newest = 0;
        for (RunSummary earlier : runs) {
            byId.put(earlier.runId(), earlier);
            newest = Math.max(newest, earlier.sequence());
        }
        RunSummary held = byId.get(run.runId());
        byId.put(run.runId(), RunSummary.of(held != null ? held.sequence() : newest + 1, run));
        return byId.values().stream().sorted(Comparator.comparingLong(RunSummary::sequence).thenComparing(RunSummary::runId))
                .map(s -> new RunCounts(s.runId(), s.counts())).toList();
    }

    /** The history's trail plus the run's own entries where the history does not hold them yet (its save failed). */
    private static List<TrailEntry> trail(final RunRecord run, final List<TrailEntry> kept) {
        List<TrailEntry> out = new ArrayList<>(kept);
        Set<TrailEntry> known = new HashSet<>(kept);
        run.trail().stream().filter(e -> !known.contains(e)).forEach(out::add);
        return out;
    }

    /**
     * The history plus the run, one per run id, in the order the history gives them (oldest first, as recorded), the run
     * in its own place when the history holds it, else last: never by a clock, so a run recorded by a machine whose clock
     * was ahead is not the newest.
     */
    private static List<RunRecord> allRuns(final RunRecord run, final List<RunRecord> history) {
        Map<String, RunRecord> byId = new LinkedHashMap<>();
        for (RunRecord earlier : history) {
            byId.put(earlier.runId(), earlier);
        }
        byId.put(run.runId(), run);
        return List.copyOf(byId.values());
    }

    private static String capitalised(final String word) {
        return word.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static void write(final Path file, final String content) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(file, out -> out.write(bytes));
    }
}
