package io.jenkins.plugins.stackdrift.bench;

import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import com.sun.management.ThreadMXBean;
import com.thoughtworks.xstream.XStream;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.actions.BuildSummary;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobActionFactory;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.HistoryLayout;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/**
 * What opening a job's page costs the plugin, over a generated job (bench/jobpage/run.sh pairs a job of many builds
 * with a job of one; docs/benchmarks.md, "History"). Only the Jenkins-free part runs here: the job action the
 * factory makes, its section (trend, "Recently deployed", drift ages — what jobMain.jelly prints) and the badge the
 * page's {@code <img>} fetches, over real files: the builds' details files, the job history. Jenkins itself (loading
 * build.xml, Jelly, Stapler) is mocked; its builds are loaded before the timer starts, as Jenkins's build list is.
 *
 * <pre>
 * JobPageBench generate DIR BUILDS STACKS   DIR/many (BUILDS builds), DIR/window (the 30 the trend shows) and DIR/one
 *                                           (1 build); each build a check of STACKS stacks then a deploy of 5 (details
 *                                           files hard-linked), each job's history with a run per step (none trimmed)
 *                                           and a trail of 5 deploys per build, up to its bound of 1,000
 * JobPageBench open JOB OPENS               loads JOB, opens its page once (cold), then OPENS times; prints one line
 * </pre>
 */
public final class JobPageBench {
    /** The builds the page's trend shows (StackDriftJobAction.TREND_BUILDS, package-private there). */
    private static final int TREND_BUILDS = 30;
    private static final int DEPLOYED = 5;
    private static final int CHANGES = 50;
    private static final String ACTIONS_XML = "stack-drift-actions.xml";

    private JobPageBench() {
    }

    public static void main(final String[] args) throws Exception {
        if (args.length == 4 && "generate".equals(args[0])) {
            Path dir = Path.of(args[1]);
            int builds = Integer.parseInt(args[2]);
            int stacks = Integer.parseInt(args[3]);
            generate(dir.resolve("many"), builds, stacks);
            generate(dir.resolve("window"), Math.min(builds, TREND_BUILDS), stacks);
            generate(dir.resolve("one"), 1, stacks);
        } else if (args.length == 3 && "open".equals(args[0])) {
            open(Path.of(args[1]), Integer.parseInt(args[2]));
        } else {
            throw new IllegalArgumentException("usage: JobPageBench generate DIR BUILDS STACKS | open JOB OPENS");
        }
    }

    // ------------------------------------------------------------------ the generated job

    private static StackId stack(final int i) {
        return StackId.of(String.format(Locale.ROOT, "envs/production/eu-west-1/service-%04d/network", i));
    }

    private static List<Change> changes(final int stack, final Cause cause) {
        List<Change> out = new ArrayList<>();
        for (int c = 0; c < CHANGES; c++) {
            String address = "aws_security_group_rule.rule_" + c;
            out.add(new Change(Action.UPDATE, "aws_security_group_rule", address,
                    List.of("tags.Owner", "cidr_blocks[" + (stack % 7) + "]"), cause));
        }
        return out;
    }

    /** A check of every stack: one in ten drifted, one in fifty failed, the rest pending, 50 changes each. */
    private static RunRecord check(final int stacks, final long at) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < stacks; i++) {
            StackId id = stack(i);
            String dir = id.value();
            if (i % 50 == 7) {
                rows.add(Row.of(id, Tool.TERRAFORM, dir, RowState.FAILED, "Error: no valid credential sources"));
            } else if (i % 10 == 3) {
                rows.add(Row.of(id, Tool.TERRAFORM, dir, RowState.DRIFTED, "").withDrift(changes(i, Cause.DRIFT)));
            } else {
                rows.add(Row.of(id, Tool.TERRAFORM, dir, RowState.PENDING, "").withChanges(changes(i, Cause.CODE)));
            }
        }
        return new RunRecord("1", RunKind.CHECK, "scheduled drift check", at, at + 60_000, rows, List.of());
    }

    /** A deploy of the first five drifted stacks, each put back. */
    private static RunRecord deploy(final long at) {
        List<Row> rows = new ArrayList<>();
        List<TrailEntry> trail = new ArrayList<>();
        for (int k = 0; k < DEPLOYED; k++) {
            StackId id = stack(10 * k + 3);
            rows.add(Row.of(id, Tool.TERRAFORM, id.value(), RowState.IN_SYNC, ""));
            trail.add(new TrailEntry(id, "1", at + k, at + k + 30_000, TrailResult.DEPLOYED, true,
                    List.of("aws_security_group_rule.rule_0.tags.Owner"), "", 0));
        }
        return new RunRecord("1", RunKind.DEPLOY, "started by alice", at, at + 200_000, rows, trail);
    }

    private static void write(final Path file, final RunRecord record) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            RecordJson.writeRun(out, 1, record);
        }
    }

    private static XStream xstream() {
        XStream xstream = new XStream();
        xstream.allowTypesByWildcard(new String[] {"io.jenkins.plugins.stackdrift.**"});
        return xstream;
    }

    private static void generate(final Path job, final int builds, final int stacks) throws Exception {
        if (Files.exists(job)) {
            throw new IllegalStateException(job + " exists: generate into an empty directory");
        }
        long at = 1_700_000_000_000L;
        RunRecord check = check(stacks, at);
        RunRecord deploy = deploy(at + 120_000);
        Path templates = job.resolve("templates");
        write(templates.resolve("check.json"), check);
        write(templates.resolve("deploy.json"), deploy);

        // build 1 as a running build makes it: each step's details stored, then its action attached with those before it
        Path first = job.resolve("builds/1");
        Run<?, ?> build = mock(Run.class);
        when(build.getRootDir()).thenReturn(first.toFile());
        List<StackDriftRunAction> attached = new ArrayList<>();
        for (String step : List.of("check", "deploy")) {
            Path details = RunDetails.createDirectoryFor(first.toFile(), step).toPath().resolve(RunDetails.FILE_NAME);
            Files.createLink(details, templates.resolve(step + ".json"));
            RunRecord record = "check".equals(step) ? check : deploy;
            StackDriftRunAction action = new StackDriftRunAction(step, BuildSummary.of(record));
            attached.add(action);
            when(build.getActions(StackDriftRunAction.class)).thenReturn(List.copyOf(attached));
            action.onAttached(build);
        }
        // what build.xml keeps of them, the same in every build
        String xml = xstream().toXML(new ArrayList<>(attached));
        for (int n = 1; n <= builds; n++) {
            Path dir = job.resolve("builds/" + n);
            for (String step : List.of("check", "deploy")) {
                Path details = RunDetails.createDirectoryFor(dir.toFile(), step).toPath().resolve(RunDetails.FILE_NAME);
                if (!Files.exists(details)) {
                    Files.createLink(details, templates.resolve(step + ".json"));
                }
            }
            Files.writeString(dir.resolve(ACTIONS_XML), xml, StandardCharsets.UTF_8);
        }

        // the job history: a run per step, none trimmed, and a trail of every deploy up to its bound
        Path historyDir = JobHistory.inJobDir(job.toFile()).directory();
        int trailBound = HistoryStore.Limits.DEFAULT.trailEntries();
        HistoryStore store = new HistoryStore(historyDir, new HistoryStore.Limits(Integer.MAX_VALUE, trailBound));
        store.save(check);
        int deploys = Math.min(builds, trailBound / DEPLOYED);
        for (int d = 0; d < deploys; d++) {
            store.save(deploy);
        }
        // the other checks' and deploys' runs: copies of the first (details hard-linked, summaries renumbered)
        HistoryLayout layout = store.layout();
        String checkSummary = Files.readString(layout.summaryFile(1));
        String deploySummary = Files.readString(layout.summaryFile(2));
        for (long sequence = deploys + 2L; sequence <= 2L * builds; sequence++) {
            boolean isCheck = sequence % 2 == 1;
            Files.createLink(layout.detailsFile(sequence), layout.detailsFile(isCheck ? 1 : 2));
            String summary = isCheck ? checkSummary : deploySummary;
            Files.writeString(layout.summaryFile(sequence),
                    summary.replaceFirst("\"sequence\":" + (isCheck ? 1 : 2) + ",", "\"sequence\":" + sequence + ","));
        }
        System.out.printf(Locale.ROOT, "%s: %d builds of %d stacks; a check's details %,d bytes; job history %d runs, trail %d entries%n",
                job, builds, stacks, Files.size(templates.resolve("check.json")), layout.sequences(true).size(), store.trail().size());
    }

    // ------------------------------------------------------------------ opening the page

    /** The job as Jenkins holds it once its builds are loaded: each build's actions read back from its XML, newest last. */
    private static Job<?, ?> load(final Path jobDir) throws IOException {
        Job<?, ?> job = mock(Job.class);
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        File[] dirs = jobDir.resolve("builds").toFile().listFiles();
        int count = dirs == null ? 0 : dirs.length;
        XStream xstream = xstream();
        Run<?, ?> previous = null;
        for (int n = 1; n <= count; n++) {
            Path dir = jobDir.resolve("builds/" + n);
            Run<?, ?> build = mock(Run.class);
            when(build.getNumber()).thenReturn(n);
            when(build.getRootDir()).thenReturn(dir.toFile());
            doReturn(previous).when(build).getPreviousBuild();
            @SuppressWarnings("unchecked")
            List<StackDriftRunAction> actions = (List<StackDriftRunAction>) xstream.fromXML(
                    Files.readString(dir.resolve(ACTIONS_XML), StandardCharsets.UTF_8));
            for (StackDriftRunAction action : actions) {
                action.onLoad(build);
            }
            when(build.getActions(StackDriftRunAction.class)).thenReturn(List.copyOf(actions));
            previous = build;
        }
        doReturn(previous).when(job).getLastCompletedBuild();
        return job;
    }

    /** The page: the factory's action, its section (what jobMain.jelly prints) and the badge the page's image fetches. */
    private static int openPage(final Job<?, ?> job, final StaplerRequest2 badge, final StaplerResponse2 rsp, final StringWriter body)
            throws IOException {
        Collection<?> actions = new StackDriftJobActionFactory().createFor(job);
        StackDriftJobAction action = (StackDriftJobAction) actions.iterator().next();
        String fragment = action.getFragment();
        body.getBuffer().setLength(0);
        action.doDynamic(badge, rsp);
        return fragment.length() + body.getBuffer().length();
    }

    private static void open(final Path jobDir, final int opens) throws IOException {
        Job<?, ?> job = load(jobDir);
        StaplerRequest2 badge = mock(StaplerRequest2.class);
        when(badge.getRestOfPath()).thenReturn("/badge.svg");
        StaplerResponse2 rsp = mock(StaplerResponse2.class);
        StringWriter body = new StringWriter();
        when(rsp.getWriter()).thenReturn(new PrintWriter(body));
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        System.gc();

        long alloc0 = threads.getThreadAllocatedBytes(thread);
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        int size = openPage(job, badge, rsp, body);
        long firstNanos = System.nanoTime() - t0;
        long firstCpu = threads.getCurrentThreadCpuTime() - cpu0;
        long firstAlloc = threads.getThreadAllocatedBytes(thread) - alloc0;

        long[] nanos = new long[opens];
        long[] cpus = new long[opens];
        long[] allocs = new long[opens];
        for (int i = 0; i < opens; i++) {
            long a = threads.getThreadAllocatedBytes(thread);
            long c = threads.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            openPage(job, badge, rsp, body);
            nanos[i] = System.nanoTime() - t;
            cpus[i] = threads.getCurrentThreadCpuTime() - c;
            allocs[i] = threads.getThreadAllocatedBytes(thread) - a;
        }
        System.gc();
        long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        // the opening thread's CPU time is the figure to read on a shared machine; wall clock waits for the others
        System.out.printf(Locale.ROOT, "first_ms %.2f first_cpu_ms %.2f first_alloc_kb %d warm_ms %.3f warm_cpu_ms %.3f warm_alloc_kb %d"
                + " page_chars %d heap_after_kb %d%n", firstNanos / 1e6, firstCpu / 1e6, firstAlloc / 1024, median(nanos) / 1e6,
                median(cpus) / 1e6, median(allocs) / 1024, size, retained / 1024);
    }

    private static long median(final long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length == 0 ? 0 : sorted[sorted.length / 2];
    }
}
