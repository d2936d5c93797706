package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.stackdrift.history.ControllerClock;
import jenkins.MasterToSlaveFileCallable;

import io.stackdrift.durable.BoardFiles;
import io.stackdrift.durable.EngineJob;
import io.stackdrift.durable.RequestFile;
import io.stackdrift.durable.RunOperation;
import io.stackdrift.durable.ShardJob;
import io.stackdrift.durable.StepRequest;
import io.stackdrift.model.Directories;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.runner.StepDirectory;
import io.stackdrift.runner.StepSecrets;
import io.stackdrift.runner.ToolCall;
import io.stackdrift.spi.ShardExchange;

/**
 * The small calls the controller makes into a durable step's directory on the agent, one per poll: each reads or
 * writes a few files and returns at once, so no controller thread waits on the agent while the engine runs.
 */
final class DurableStepFiles {
    /** The most log bytes one poll brings back. */
    static final int LOG_CHUNK = 256 * 1024;

    private DurableStepFiles() {
    }

    /** Writes {@code request.json} and {@code secrets/}, before the engine process starts. */
    static final class Prepare extends MasterToSlaveFileCallable<Void> {
        private static final long serialVersionUID = 1L;
        private final RunOperation operation;
        private final String workspace;
        private final StepRequest request;
        private final TreeSet<String> lockedStacks;
        private final TreeSet<String> heldElsewhere;
        private final Duration grace;
        private final StepSecrets secrets;
        /** The controller's time when the call was made: the engine's clock on the agent follows it. */
        private final long madeAt = ControllerClock.nowMillis();
        /** The shard the step runs (0: none), of how many, and its wait: plain values, the route holds the board. */
        private final int shardNumber;
        private final int shardCount;
        private final long shardWaitSeconds;
        private final String shardWaitSetting;

        Prepare(final RunOperation operation, final String workspace, final StepRequest request, final Set<String> lockedStacks,
                final Set<String> heldElsewhere, final Duration grace, final StepSecrets secrets, final ShardRoute route) {
            this.shardNumber = route.number();
            this.shardCount = route.count();
            this.shardWaitSeconds = route.waitTimeout().toSeconds();
            this.shardWaitSetting = route.waitSetting();
            this.operation = operation;
            this.workspace = workspace;
            this.request = request;
            this.lockedStacks = new TreeSet<>(lockedStacks);
            this.heldElsewhere = new TreeSet<>(heldElsewhere);
            this.grace = grace;
            this.secrets = secrets;
        }

        @Override
        public Void invoke(final File dir, final VirtualChannel channel) throws IOException {
            StepDirectory step = new StepDirectory(dir.toPath());
            Directories.ensure(step.root());
            // the controller's clock minus this agent's (the call's transit, milliseconds, is not worth correcting)
            Duration hostClock = Duration.ofMillis(madeAt - System.currentTimeMillis());
            EngineJob job = new EngineJob(operation, Path.of(workspace), request, lockedStacks, heldElsewhere, grace, hostClock);
            RequestFile.write(step, shardNumber == 0 ? job : job.withShard(new ShardJob(shardNumber, shardCount,
                    Duration.ofSeconds(shardWaitSeconds), shardWaitSetting)));
            secrets.write(step);
            return null;
        }
    }

    /** One call the engine asks for, as the controller launches it: the values of its bound variables filled in. */
    record Call(int number, List<String> command, String workingDir, Map<String, String> variables) implements Serializable {
        private static final long serialVersionUID = 1L;

        /** Names the variables, never their values. */
        @Override
        public String toString() {
            return "Call[" + number + " in " + workingDir + ", variables " + variables.keySet() + "]";
        }
    }

    /**
     * What a shard's engine left in its board files since the last post the board has: the configuration digest it
     * proposes (null once agreed, or before it proposed), its posts ({@code [stack, outcome, digest]}) and whether it
     * ended. Only JDK types and strings, as every answer from an agent.
     */
    record BoardMail(@CheckForNull String proposedConfig, ArrayList<ArrayList<String>> posts, int lastPost, boolean ended)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        static final BoardMail NONE = new BoardMail(null, new ArrayList<>(), 0, false);

        /** Counts only: a post's digest is no one's to print. */
        @Override
        public String toString() {
            return "BoardMail[" + posts.size() + " posts up to " + lastPost + ", ended " + ended + "]";
        }
    }

    /**
     * What one poll found: new whole lines of the log, calls no controller has launched, whether the run ended, and a
     * shard's board mail ({@link BoardMail#NONE} for a step of its own).
     */
    record Tick(String log, long offset, boolean more, List<Call> calls, boolean ended, long heartbeatAgeMillis, BoardMail mail)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public String toString() {
            return "Tick[" + log.length() + " log characters, " + calls.size() + " calls, ended " + ended + "]";
        }
    }

    /**
     * Reads the log from {@code offset}, claims the calls not launched yet and says whether the result is there; for a
     * shard, first writes the board's agreement and snapshot it is given, then reads the board mail after post
     * {@code postsAfter}.
     */
    static final class Poll extends MasterToSlaveFileCallable<Tick> {
        private static final long serialVersionUID = 2L;
        private final long offset;
        private final boolean shard;
        private final int postsAfter;
        @CheckForNull private final String agreement;
        @CheckForNull private final String snapshot;

        /** A poll of a step of its own. */
        Poll(final long offset) {
            this(offset, false, 0, null, null);
        }

        /** A shard's poll: writes {@code agreement} and {@code snapshot} (null: nothing new), reads after {@code postsAfter}. */
        Poll(final long offset, final int postsAfter, @CheckForNull final String agreement, @CheckForNull final String snapshot) {
            this(offset, true, postsAfter, agreement, snapshot);
        }

        private Poll(final long offset, final boolean shard, final int postsAfter, @CheckForNull final String agreement,
                @CheckForNull final String snapshot) {
            this.offset = offset;
            this.shard = shard;
            this.postsAfter = postsAfter;
            this.agreement = agreement;
            this.snapshot = snapshot;
        }

        private BoardMail mail(final StepDirectory step) throws IOException {
            if (!shard) {
                return BoardMail.NONE;
            }
            BoardFiles.deliver(step, agreement, snapshot);
            BoardFiles.Outbox out = BoardFiles.outbox(step, postsAfter);
            ArrayList<ArrayList<String>> posts = new ArrayList<>();
            out.posts().forEach(post -> posts.add(new ArrayList<>(List.of(post.stack().value(), post.outcome().name(),
                    post.digest()))));
            return new BoardMail(out.proposal().map(ShardExchange.Proposal::configDigest).orElse(null), posts,
                    out.lastPost(), out.ended());
        }

        @Override
        public Tick invoke(final File dir, final VirtualChannel channel) throws IOException {
            StepDirectory step = new StepDirectory(dir.toPath());
            if (!step.exists()) {
                throw new IOException("Stack Drift: the step directory " + dir + " is gone (the workspace was cleaned or the"
                        + " agent replaced)");
            }
            BoardMail mail = mail(step);
            // the result is looked at first: the log is complete once it is there
            boolean ended = Files.exists(step.result());
            byte[] fresh = wholeLines(step.log(), offset);
            List<Call> calls = new ArrayList<>();
            StepSecrets secrets = null;
            for (int n = 0; Files.exists(step.call(n)); n++) {
                if (!Files.exists(step.launched(n)) && step.claim(n)) {
                    if (secrets == null) {
                        secrets = StepSecrets.read(step);
                    }
                    ToolCall call = ToolCall.read(step, n);
                    calls.add(new Call(n, call.command(), call.workingDir().toString(), call.environment(secrets)));
                }
            }
            long age = -1;
            if (Files.exists(step.status())) {
                // the file's time and now both by the agent's clock: only their difference counts
                FileTime changed = Files.getLastModifiedTime(step.status());
                age = Math.max(0, System.currentTimeMillis() - changed.toMillis());
            }
            // whole lines only: a UTF-8 character never ends up cut in two
            return new Tick(new String(fresh, StandardCharsets.UTF_8), offset + fresh.length, fresh.length >= LOG_CHUNK / 2,
                    Collections.unmodifiableList(calls), ended, age, mail);
        }

        private static byte[] wholeLines(final Path log, final long from) throws IOException {
            if (!Files.exists(log)) {
                return new byte[0];
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(log)) {
                in.skipNBytes(Math.min(from, Files.size(log)));
                bytes = in.readNBytes(LOG_CHUNK);
            }
            int end = bytes.length - 1;
            while (end >= 0 && bytes[end] != '\n') {
                end--;
            }
            byte[] lines = new byte[end + 1];
            System.arraycopy(bytes, 0, lines, 0, end + 1);
            return lines;
        }
    }

    /** Tells the engine a call will not run: the controller's launch policy refused it (exit 126, the reason as stderr). */
    static final class Refuse extends MasterToSlaveFileCallable<Void> {
        private static final long serialVersionUID = 1L;
        private final int number;
        private final String reason;

        Refuse(final int number, final String reason) {
            this.number = number;
            this.reason = reason;
        }

        @Override
        public Void invoke(final File dir, final VirtualChannel channel) throws IOException {
            StepDirectory step = new StepDirectory(dir.toPath());
            Files.writeString(step.err(number), "Stack Drift: the controller refused to start this tool call: " + reason + "\n");
            AtomicFiles.write(step.exit(number), out -> out.write("126\n".getBytes(StandardCharsets.UTF_8)));
            return null;
        }
    }

    /**
     * What a controller that resumes after a restart needs of the step's request and secrets to admit the engine's calls:
     * the configured tool paths (tool word → path) and each bound stack's variables. Only JDK collections: the
     * controller's class filter refuses the core's types in an answer from an agent.
     */
    record Written(TreeMap<String, String> toolPaths, ArrayList<TreeMap<String, String>> bound) implements Serializable {
        private static final long serialVersionUID = 1L;

        /** Names the tools, never a bound value. */
        @Override
        public String toString() {
            return "Written[tools " + toolPaths.keySet() + ", " + bound.size() + " bound stacks]";
        }
    }

    static final class ReadWritten extends MasterToSlaveFileCallable<Written> {
        private static final long serialVersionUID = 1L;

        @Override
        public Written invoke(final File dir, final VirtualChannel channel) throws IOException {
            StepDirectory step = new StepDirectory(dir.toPath());
            TreeMap<String, String> tools = new TreeMap<>();
            RequestFile.read(step).request().toolPaths().forEach((tool, path) -> tools.put(tool.word(), path));
            ArrayList<TreeMap<String, String>> bound = new ArrayList<>();
            StepSecrets.read(step).environment().values().forEach(variables -> bound.add(new TreeMap<>(variables)));
            return new Written(tools, bound);
        }
    }

    /** The agent's Java, which starts the engine process (a Jenkins agent runs on Java 17 or later). */
    static final class AgentJava extends MasterToSlaveFileCallable<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String invoke(final File dir, final VirtualChannel channel) {
            return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
    }
}
