package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.AbortException;
import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.AgentEngineGateway;
import io.jenkins.plugins.stackdrift.agent.StaleStepDirectories;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import org.jenkinsci.Symbol;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.jenkinsci.plugins.workflow.steps.SynchronousNonBlockingStepExecution;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * {@code stackShards(count: n, ...)}: splits the selected stacks into {@code n} shards and records the split in the build;
 * returns the stacks of shard 1, 2, … as plain lists of stack ids (see help.html beside this class).
 */
public final class StackShardsStep extends Step {
    private final int count;
    private String config = StepSettings.DEFAULT_CONFIG;
    private List<String> stacks = new ArrayList<>();
    @CheckForNull private Integer parallelism;

    @DataBoundConstructor
    public StackShardsStep(final int count) {
        if (count < 1) {
            throw new IllegalArgumentException(Messages.invalidShardCount(count));
        }
        this.count = count;
    }

    public int getCount() {
        return count;
    }

    public String getConfig() {
        return config;
    }

    @DataBoundSetter
    public void setConfig(final String config) {
        this.config = config == null || config.isBlank() ? StepSettings.DEFAULT_CONFIG : config.trim();
    }

    /** The selection, one per line (as the other steps' forms show it). */
    public List<String> getStacks() {
        return new AbstractStackStep.SelectorLines(stacks);
    }

    @DataBoundSetter
    public void setStacks(final List<String> stacks) {
        this.stacks = AbstractStackStep.words(stacks, "\\s+");
    }

    @CheckForNull
    public Integer getParallelism() {
        return parallelism;
    }

    /** Stacks one shard runs at once, as the shards' steps will (their parallelism); empty: the file's. */
    @DataBoundSetter
    public void setParallelism(@CheckForNull final Integer parallelism) {
        this.parallelism = AbstractStackStep.checkedParallelism(parallelism);
    }

    @Override
    public StepExecution start(final StepContext context) {
        return new Execution(new StepSettings(config, stacks, parallelism), count, context);
    }

    /** Reads the configuration on the agent, off the CPS thread; nothing to resume after a restart (it fails then). */
    private static final class Execution extends SynchronousNonBlockingStepExecution<List<List<String>>> {
        private static final long serialVersionUID = 1L;

        private final StepSettings settings;
        private final int count;

        Execution(final StepSettings settings, final int count, final StepContext context) {
            super(context);
            this.settings = settings;
            this.count = count;
        }

        @Override
        @SuppressWarnings("try") // the gateway may throw InterruptedException while it closes
        protected List<List<String>> run() throws Exception {
            StepContext context = getContext();
            Run<?, ?> run = context.get(Run.class);
            TaskListener listener = context.get(TaskListener.class);
            FilePath workspace = context.get(FilePath.class);
            if (workspace == null || run == null || listener == null) {
                throw new AbortException(Messages.noWorkspace());
            }
            FilePath stepDir = StackDriftStepExecution.tempDir(workspace).child(StaleStepDirectories.stepDirectoryName(run.getId(),
                    "shards", UUID.randomUUID().toString()));
            stepDir.mkdirs();
            try (AgentEngineGateway gateway = new AgentEngineGateway(workspace, stepDir, listener, context.get(Launcher.class))) {
                return new StackShardsRun(settings, count, run, listener, gateway, StackDriftGlobalConfiguration.forJob(run.getParent()),
                        JobHistory.inJobDir(run.getParent().getRootDir())).run();
            }
        }
    }

    @Extension
    @Symbol("stackShards")
    public static final class DescriptorImpl extends StepDescriptor {
        @Override
        public String getFunctionName() {
            return "stackShards";
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.StackShardsStep_displayName();
        }

        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return AbstractStackStep.REQUIRED_CONTEXT;
        }
    }
}
