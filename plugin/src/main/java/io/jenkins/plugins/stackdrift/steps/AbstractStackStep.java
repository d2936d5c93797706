package io.jenkins.plugins.stackdrift.steps;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.BuildResultPolicy;
import io.jenkins.plugins.stackdrift.StepDurations;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.credentials.UntrustedChanges;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import org.jenkinsci.plugins.workflow.graph.FlowNode;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.kohsuke.stapler.DataBoundSetter;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Timing;

/**
 * The parameters every Stack Drift step shares (docs/jenkins.md, credentials): {@code id}, {@code config}, {@code stacks},
 * {@code parallelism}, {@code driftResult}, {@code failedResult}, {@code toolTimeout}. All optional; unset ones fall back
 * to the global configuration (the id to the step's word).
 */
public abstract class AbstractStackStep extends Step {
    /** What the step needs from its Pipeline context: the workspace on an agent among them. */
    static final Set<Class<?>> REQUIRED_CONTEXT =
            Set.of(Run.class, FilePath.class, Launcher.class, TaskListener.class, EnvVars.class, FlowNode.class);

    private String config = StepSettings.DEFAULT_CONFIG;
    private List<String> stacks = new ArrayList<>();
    @CheckForNull private Integer parallelism;
    @CheckForNull private String driftResult;
    @CheckForNull private String failedResult;
    @CheckForNull private String repairedResult;
    @CheckForNull private String id;
    private List<String> allowedCredentials = new ArrayList<>();
    @CheckForNull private String toolTimeout;
    @CheckForNull private UntrustedChanges untrustedChanges;

    protected abstract Operation operation();

    @Override
    public StepExecution start(final StepContext context) throws Exception {
        return new StackDriftStepExecution(settings(), operation(), context, approvalRules());
    }

    /** What an approval of this step's stacks demands; a step that leaves nothing awaiting approval has the defaults. */
    ApprovalRules approvalRules() {
        return ApprovalRules.DEFAULT;
    }

    StepSettings settings() {
        return new StepSettings(config, stacks, parallelism).withResults(driftResult, failedResult, repairedResult)
                .withDeploy(isRehearsal() ? DeployMode.REHEARSAL : DeployMode.APPLY, Approval.of(isApproved()),
                        isDestroy() ? DeployKind.DESTROY : DeployKind.DEPLOY)
                .withId(id == null ? defaultId() : id).withLocking(lockScope(), lockTimeout())
                .withToolTimeout(toolTimeout == null ? Duration.ZERO : StepDurations.parse(toolTimeout).orElseThrow())
                .withTiming(isNow() ? Timing.NOW : Timing.WHEN_DUE)
                .withAllowedCredentials(allowedCredentials)
                .withUntrustedChanges(untrustedChanges == null ? UntrustedChanges.NO_CREDENTIALS : untrustedChanges)
                .withShard(shardNumber(), shardCount()).withShardWaits(shardStartTimeout(), shardTimeout())
                .withSkipPublishingChecks(skipsPublishingChecks());
    }

    /** deployStacks and checkDrift: how long a shard waits for another shard's step to start; null: the global setting. */
    @CheckForNull
    Duration shardStartTimeout() {
        return null;
    }

    /** checkDrift: how long a shard waits for a running shard's stack; null: its default. */
    @CheckForNull
    Duration shardTimeout() {
        return null;
    }

    /** deployStacks and checkDrift: the shard of the build's {@code stackShards} the step runs; 0 for none. */
    int shardNumber() {
        return 0;
    }

    /** deployStacks and checkDrift: how many shards the step says the build has ({@code of:}); 0 for none. */
    int shardCount() {
        return 0;
    }

    /** The id when the step names none: its word (check, deploy, destroy, preview, validate); a shard's, with its number. */
    String defaultId() {
        String word = StepIds.defaultFor(operation(), isDestroy() ? DeployKind.DESTROY : DeployKind.DEPLOY);
        return shardNumber() > 0 ? StepIds.ofShard(word, shardNumber()) : word;
    }

    /** checkDrift and deployStacks take locks: the scope they share them in; null for the default. */
    @CheckForNull
    String lockScope() {
        return null;
    }

    /** deployStacks: how long it waits for the stacks' locks; zero for no limit. */
    Duration lockTimeout() {
        return Duration.ZERO;
    }

    /** The id given, or null: then the step's word ({@link #defaultId()}). */
    @CheckForNull
    public String getId() {
        return id;
    }

    /**
     * One build page section, URL and details file per id: two Stack Drift steps of one build (a check and a deploy,
     * the shards of parallel branches) need different ids; the default is the step's word.
     */
    @DataBoundSetter
    public void setId(@CheckForNull final String id) {
        this.id = StepIds.checked(id);
    }

    boolean isRehearsal() {
        return false;
    }

    boolean isApproved() {
        return false;
    }

    boolean isDestroy() {
        return false;
    }

    /** previewStacks and checkDrift: {@code skipPublishingChecks: true} leaves no check on the change request. */
    boolean skipsPublishingChecks() {
        return false;
    }

    /** checkDrift and deployStacks: {@code now: true} takes the stacks whatever their schedule, policy and digest. */
    boolean isNow() {
        return false;
    }

    public String getConfig() {
        return config;
    }

    @DataBoundSetter
    public void setConfig(final String config) {
        this.config = config == null || config.isBlank() ? StepSettings.DEFAULT_CONFIG : config.trim();
    }

    /**
     * The selection; printed one per line, because the forms' text area shows the getter's value as text (a plain
     * list would show as "[a, b]" and bind back as two broken selectors).
     */
    public List<String> getStacks() {
        return new SelectorLines(stacks);
    }

    /** A list of selectors whose text is one per line, as {@link #setStacks} reads the text area back. */
    static final class SelectorLines extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        SelectorLines(final List<String> selectors) {
            super(selectors);
        }

        @Override
        public String toString() {
            return String.join("\n", this);
        }
    }

    @DataBoundSetter
    public void setStacks(final List<String> stacks) {
        this.stacks = words(stacks, "\\s+");
    }

    /** The Snippet Generator's text area arrives as one element with a word per line (or blank-separated). */
    static List<String> words(final List<String> elements, final String separators) {
        List<String> words = new ArrayList<>();
        for (String element : elements == null ? List.<String>of() : elements) {
            for (String word : element.split(separators, -1)) {
                if (!word.isEmpty()) {
                    words.add(word);
                }
            }
        }
        return words;
    }

    /** The credentials ids this step may bind, one per line; empty: any the global list allows. */
    public List<String> getAllowedCredentials() {
        return new SelectorLines(allowedCredentials);
    }

    /**
     * The credentials ids this step may bind: a stack of {@code stacks.yaml} that names another fails before any tool
     * runs. Set it where the Jenkinsfile is trusted and the configuration file may not be (a change request).
     */
    @DataBoundSetter
    public void setAllowedCredentials(final List<String> allowedCredentials) {
        this.allowedCredentials = words(allowedCredentials, "[\\s,]+");
    }

    /** What the step binds for a change its SCM source does not trust; null when not given (nothing). */
    @CheckForNull
    public String getUntrustedChanges() {
        return untrustedChanges == null ? null : untrustedChanges.name();
    }

    /**
     * {@code NO_CREDENTIALS} (blank: the default) or {@code TARGET_BRANCH_CREDENTIALS}: whether a change request from a
     * source the job does not trust (a fork) runs without credentials or with what the target branch's file maps.
     */
    @DataBoundSetter
    public void setUntrustedChanges(@CheckForNull final String untrustedChanges) {
        UntrustedChanges policy = UntrustedChanges.parse(untrustedChanges).orElseThrow(
                () -> new IllegalArgumentException(Messages.invalidUntrustedChanges(untrustedChanges.strip())));
        this.untrustedChanges = untrustedChanges == null || untrustedChanges.isBlank() ? null : policy;
    }

    @CheckForNull
    public Integer getParallelism() {
        return parallelism;
    }

    @DataBoundSetter
    public void setParallelism(@CheckForNull final Integer parallelism) {
        this.parallelism = checkedParallelism(parallelism);
    }

    /** A step's {@code parallelism}: empty for the file's, never negative. */
    @CheckForNull
    static Integer checkedParallelism(@CheckForNull final Integer parallelism) {
        if (parallelism != null && parallelism < 0) {
            throw new IllegalArgumentException(Messages.invalidParallelism(parallelism));
        }
        return parallelism;
    }

    @CheckForNull
    public String getDriftResult() {
        return driftResult;
    }

    @DataBoundSetter
    public void setDriftResult(@CheckForNull final String driftResult) {
        this.driftResult = checkedResult(driftResult);
    }

    @CheckForNull
    public String getFailedResult() {
        return failedResult;
    }

    @DataBoundSetter
    public void setFailedResult(@CheckForNull final String failedResult) {
        this.failedResult = checkedResult(failedResult);
    }

    @CheckForNull
    public String getRepairedResult() {
        return repairedResult;
    }

    /** The build result when drift was found and put back in the run (mode correct); default SUCCESS. */
    @DataBoundSetter
    public void setRepairedResult(@CheckForNull final String repairedResult) {
        this.repairedResult = checkedResult(repairedResult);
    }

    @CheckForNull
    public String getToolTimeout() {
        return toolTimeout;
    }

    /**
     * How long one stack's step (its plan, its apply) may run before its tool is stopped ({@code 45m}, {@code 2h});
     * blank: the global configuration's, else 10 minutes for a plan and an hour for an apply.
     */
    @DataBoundSetter
    public void setToolTimeout(@CheckForNull final String toolTimeout) {
        if (toolTimeout == null || toolTimeout.isBlank()) {
            this.toolTimeout = null;
            return;
        }
        Duration timeout = StepDurations.parse(toolTimeout.strip())
                .orElseThrow(() -> new IllegalArgumentException(Messages.invalidToolTimeout(toolTimeout.strip())));
        this.toolTimeout = timeout.isZero() ? null : StepDurations.format(timeout);
    }

    @CheckForNull
    private static String checkedResult(@CheckForNull final String word) {
        if (word == null || word.isBlank()) {
            return null;
        }
        return BuildResultPolicy.parse(word).toString();
    }
}
