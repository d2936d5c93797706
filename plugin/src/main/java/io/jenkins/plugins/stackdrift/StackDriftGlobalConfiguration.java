package io.jenkins.plugins.stackdrift;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import jenkins.model.GlobalConfiguration;
import net.sf.json.JSONObject;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.verb.POST;

/**
 * Defaults for every Stack Drift step (Manage Jenkins → System, or JCasC under
 * {@code unclassified: stackDrift:}): parallelism, build results, tool paths on the agents and the tool timeout.
 * (How often stacks are checked is each stack's {@code drift.every} in stacks.yaml.) Plain setters so JCasC can set
 * each attribute; each saves on its own there, while a form submit is checked whole first and saved once.
 */
@Extension
@Symbol("stackDrift")
public final class StackDriftGlobalConfiguration extends GlobalConfiguration {
    private int defaultParallelism;
    private String defaultDriftResult = "UNSTABLE";
    private String defaultFailedResult = "FAILURE";
    private String terraformPath = "";
    private String tofuPath = "";
    private String pulumiPath = "";
    /** Credentials ids the stacks of any job may bind (the lists add up with the steps' and folders'). */
    private ArrayList<String> allowedCredentials = new ArrayList<>();
    /** Lock scopes any job may name (besides those of its own folders). */
    private ArrayList<String> sharedLockScopes = new ArrayList<>();
    /** Blank: 10 minutes for a plan, an hour for an apply (the engine's defaults). */
    private String toolTimeout = "";
    /** Blank: {@link GlobalFormCheck#DEFAULT_SHARD_START}. */
    private String shardStartTimeout = "";
    /** Durable steps, the agent reconnect wait and the tools' stop grace; null (a configuration saved before them): defaults. */
    private Durability durability;
    /** Set while a form submit binds its values: the setters leave saving to {@link #configure}. */
    private transient volatile boolean binding;

    public StackDriftGlobalConfiguration() {
        load();
    }

    @NonNull
    @Override
    public String getDisplayName() {
        return Messages.GlobalConfiguration_displayName();
    }

    /**
     * A submit of Manage Jenkins → System: every value is checked before any is applied, a bad one becomes a form
     * error at its field; then all are bound and saved once.
     */
    @Override
    public boolean configure(final StaplerRequest2 req, final JSONObject json) throws FormException {
        Optional<GlobalFormCheck.FieldProblem> problem =
                GlobalFormCheck.firstProblem(field -> GlobalFormCheck.submitted(json, field));
        if (problem.isPresent()) {
            throw new FormException(problem.get().message(), problem.get().field());
        }
        binding = true;
        try {
            req.bindJSON(this, json);
        } finally {
            binding = false;
        }
        save();
        return true;
    }

    private void saveUnlessBinding() {
        if (!binding) {
            save();
        }
    }

    /** The result words as a select (the setters still accept any case, and blank for the default). */
    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"}) // a fixed word list, read-only
    public ListBoxModel doFillDefaultDriftResultItems() {
        return resultWords();
    }

    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"}) // a fixed word list, read-only
    public ListBoxModel doFillDefaultFailedResultItems() {
        return resultWords();
    }

    private static ListBoxModel resultWords() {
        ListBoxModel words = new ListBoxModel();
        GlobalFormCheck.RESULT_WORDS.forEach(word -> words.add(word, word));
        return words;
    }

    public int getDefaultParallelism() {
        return defaultParallelism;
    }

    @DataBoundSetter
    public void setDefaultParallelism(final int defaultParallelism) {
        if (defaultParallelism < 0) {
            throw new IllegalArgumentException(Messages.invalidParallelism(defaultParallelism));
        }
        this.defaultParallelism = defaultParallelism;
        saveUnlessBinding();
    }

    public String getDefaultDriftResult() {
        return defaultDriftResult;
    }

    @DataBoundSetter
    public void setDefaultDriftResult(final String defaultDriftResult) {
        this.defaultDriftResult = BuildResultPolicy.wordOr(defaultDriftResult, "UNSTABLE");
        saveUnlessBinding();
    }

    public String getDefaultFailedResult() {
        return defaultFailedResult;
    }

    @DataBoundSetter
    public void setDefaultFailedResult(final String defaultFailedResult) {
        this.defaultFailedResult = BuildResultPolicy.wordOr(defaultFailedResult, "FAILURE");
        saveUnlessBinding();
    }

    /** Form check: SUCCESS, UNSTABLE or FAILURE; blank is the default (UNSTABLE). */
    @POST
    public FormValidation doCheckDefaultDriftResult(@QueryParameter final String value) {
        JenkinsFacade.checkAdminister();
        return resultWordCheck(value);
    }

    /** Form check: SUCCESS, UNSTABLE or FAILURE; blank is the default (FAILURE). */
    @POST
    public FormValidation doCheckDefaultFailedResult(@QueryParameter final String value) {
        JenkinsFacade.checkAdminister();
        return resultWordCheck(value);
    }

    private static FormValidation resultWordCheck(final String value) {
        return BuildResultPolicy.problemWith(value).map(FormValidation::error).orElseGet(FormValidation::ok);
    }

    public String getTerraformPath() {
        return terraformPath;
    }

    @DataBoundSetter
    public void setTerraformPath(final String terraformPath) {
        this.terraformPath = terraformPath == null ? "" : terraformPath.trim();
        saveUnlessBinding();
    }

    public String getTofuPath() {
        return tofuPath;
    }

    @DataBoundSetter
    public void setTofuPath(final String tofuPath) {
        this.tofuPath = tofuPath == null ? "" : tofuPath.trim();
        saveUnlessBinding();
    }

    public String getPulumiPath() {
        return pulumiPath;
    }

    @DataBoundSetter
    public void setPulumiPath(final String pulumiPath) {
        this.pulumiPath = pulumiPath == null ? "" : pulumiPath.trim();
        saveUnlessBinding();
    }

    /** Credentials ids the stacks of any job may bind, one per line (the form's text area shows it so). */
    public List<String> getAllowedCredentials() {
        return new IdLines(allowedCredentials == null ? List.of() : allowedCredentials);
    }

    /**
     * Credentials ids the stacks of any job may bind, beside the folders' and the steps' lists; nothing listed anywhere
     * binds nothing. One per line (or separated by commas) in the form; a list in JCasC.
     */
    @DataBoundSetter
    public void setAllowedCredentials(final List<String> allowedCredentials) {
        this.allowedCredentials = GlobalFormCheck.idWords(allowedCredentials);
        saveUnlessBinding();
    }

    /** The lock scopes any job may name in {@code lockScope}, one per line. */
    public List<String> getSharedLockScopes() {
        return new IdLines(sharedLockScopes == null ? List.of() : sharedLockScopes);
    }

    /**
     * Lock scopes any job may name in {@code lockScope}; without them a step names only its job's own folders (or a
     * scope under them). One per line (or separated by commas) in the form; a list in JCasC.
     */
    @DataBoundSetter
    public void setSharedLockScopes(final List<String> sharedLockScopes) {
        this.sharedLockScopes = GlobalFormCheck.idWords(sharedLockScopes);
        saveUnlessBinding();
    }

    /** How steps outlive a restart, a lost agent and a stop (a group of its own in the form and in JCasC). */
    public Durability getDurability() {
        return durability == null ? new Durability() : durability;
    }

    @DataBoundSetter
    public void setDurability(final Durability durability) {
        this.durability = durability;
        saveUnlessBinding();
    }

    public String getToolTimeout() {
        return toolTimeout == null ? "" : toolTimeout;
    }

    /** How long one stack's step (plan or apply) may run, for every step that sets none; blank for the defaults. */
    @DataBoundSetter
    public void setToolTimeout(final String toolTimeout) {
        this.toolTimeout = GlobalFormCheck.toolTimeoutWords(toolTimeout);
        saveUnlessBinding();
    }

    /** Form check: a duration ({@code 45m}, {@code 2h}, {@code 1h30m}); blank is the default. */
    @POST
    public FormValidation doCheckToolTimeout(@QueryParameter final String value) {
        JenkinsFacade.checkAdminister();
        return GlobalFormCheck.toolTimeoutProblem(value).map(FormValidation::error).orElseGet(FormValidation::ok);
    }

    public String getShardStartTimeout() {
        return shardStartTimeout == null ? "" : shardStartTimeout;
    }

    /**
     * How long a shard step waits for another shard whose step has not started (it may be queued for the executor the
     * waiting shard holds); blank: 10 minutes; 0: no limit of its own.
     */
    @DataBoundSetter
    public void setShardStartTimeout(final String shardStartTimeout) {
        this.shardStartTimeout = GlobalFormCheck.shardStartWords(shardStartTimeout);
        saveUnlessBinding();
    }

    /** Form check: a duration ({@code 10m}, {@code 0}); blank is 10 minutes. */
    @POST
    public FormValidation doCheckShardStartTimeout(@QueryParameter final String value) {
        JenkinsFacade.checkAdminister();
        return GlobalFormCheck.shardStartProblem(value).map(FormValidation::error).orElseGet(FormValidation::ok);
    }

    /**
     * The defaults for a step of {@code job}: the global ones merged with the Stack Drift settings of the folders
     * around it ({@link Defaults#withFolders}).
     */
    public static Defaults forJob(final Item job) {
        return current().withFolders(StackDriftFolderProperty.layersOf(job));
    }

    /** The durability settings; the built-in ones while no controller runs or the configuration is not registered. */
    public static Durability durability() {
        StackDriftGlobalConfiguration configuration = JenkinsFacade.runningOrNull() == null ? null
                : JenkinsFacade.extension(StackDriftGlobalConfiguration.class);
        return configuration == null ? new Durability() : configuration.getDurability();
    }

    /** The global defaults; the built-in ones when the configuration is not registered (e.g. during shutdown). */
    public static Defaults current() {
        StackDriftGlobalConfiguration configuration = JenkinsFacade.extension(StackDriftGlobalConfiguration.class);
        return configuration == null ? Defaults.builtIn() : configuration.defaults();
    }

    public Defaults defaults() {
        return new Defaults(defaultParallelism, defaultDriftResult, defaultFailedResult,
                terraformPath, tofuPath, pulumiPath).withAllowedCredentials(getAllowedCredentials())
                .withSharedLockScopes(getSharedLockScopes()).withToolTimeout(GlobalFormCheck.toolTimeout(getToolTimeout()))
                .withShardStartTimeout(GlobalFormCheck.shardStartLimit(getShardStartTimeout()));
    }

    /** A snapshot of the defaults for one step call (no Jenkins types, so step logic tests need no Jenkins). */
    public static final class Defaults {
        private final int parallelism;
        private final String driftResult;
        private final String failedResult;
        private final String terraformPath;
        private final String tofuPath;
        private final String pulumiPath;
        private final List<String> allowedCredentials;
        private final List<String> sharedLockScopes;
        private final Duration toolTimeout;
        /** The folders around the job, nearest first; empty for the global defaults alone. */
        private final List<FolderLayer> folders;
        /** How long a shard waits for another shard whose step has not started; zero: no limit of its own. */
        private final Duration shardStart;

        public Defaults(final int parallelism, final String driftResult, final String failedResult,
                final String terraformPath, final String tofuPath, final String pulumiPath) {
            this.parallelism = parallelism;
            this.driftResult = driftResult;
            this.failedResult = failedResult;
            this.terraformPath = terraformPath;
            this.tofuPath = tofuPath;
            this.pulumiPath = pulumiPath;
            this.allowedCredentials = List.of();
            this.sharedLockScopes = List.of();
            this.toolTimeout = Duration.ZERO;
            this.folders = List.of();
            this.shardStart = GlobalFormCheck.DEFAULT_SHARD_START;
        }

        private Defaults(final int parallelism, final String driftResult, final String failedResult,
                final String terraformPath, final String tofuPath, final String pulumiPath, final List<String> allowed,
                final List<String> scopes, final Duration timeout, final List<FolderLayer> folders, final Duration shardStart) {
            this.parallelism = parallelism;
            this.driftResult = driftResult;
            this.failedResult = failedResult;
            this.terraformPath = terraformPath;
            this.tofuPath = tofuPath;
            this.pulumiPath = pulumiPath;
            this.allowedCredentials = List.copyOf(allowed);
            this.sharedLockScopes = List.copyOf(scopes);
            this.toolTimeout = timeout;
            this.folders = List.copyOf(folders);
            this.shardStart = shardStart;
        }

        /** A copy with the global list of credentials ids steps may bind. */
        public Defaults withAllowedCredentials(final List<String> ids) {
            return new Defaults(parallelism, driftResult, failedResult, terraformPath, tofuPath, pulumiPath, ids,
                    sharedLockScopes, toolTimeout, folders, shardStart);
        }

        /** A copy with the lock scopes any job may name. */
        public Defaults withSharedLockScopes(final List<String> scopes) {
            return new Defaults(parallelism, driftResult, failedResult, terraformPath, tofuPath, pulumiPath, allowedCredentials,
                    scopes, toolTimeout, folders, shardStart);
        }

        /**
         * A copy for a job in {@code layers} (its folders, nearest first): the lists add up (credentials ids, lock
         * scopes), and for a tool path or the tool timeout the nearest folder that sets one wins over the folders
         * above it and the global value.
         */
        public Defaults withFolders(final List<FolderLayer> layers) {
            return new Defaults(parallelism, driftResult, failedResult, terraformPath, tofuPath, pulumiPath, allowedCredentials,
                    sharedLockScopes, toolTimeout, layers, shardStart);
        }

        /** The folders around the job whose settings apply, nearest first. */
        public List<FolderLayer> folders() {
            return folders;
        }

        /** The lock scopes the job may name besides those of its own folders: the global list and its folders' lists. */
        public List<String> sharedLockScopes() {
            TreeSet<String> all = new TreeSet<>(sharedLockScopes);
            folders.forEach(folder -> all.addAll(folder.sharedLockScopes()));
            return List.copyOf(all);
        }

        /** The credentials ids of the global list (the folders' lists are in {@link #folders()}). */
        public List<String> allowedCredentials() {
            return allowedCredentials;
        }

        /** A copy with the global tool timeout (zero: none set). */
        public Defaults withToolTimeout(final Duration timeout) {
            return new Defaults(parallelism, driftResult, failedResult, terraformPath, tofuPath, pulumiPath, allowedCredentials,
                    sharedLockScopes, timeout, folders, shardStart);
        }

        /** The nearest folder's tool timeout, else the global one; zero when none is set (the engine's defaults then). */
        public Duration toolTimeout() {
            return folders.stream().map(FolderLayer::toolTimeout).filter(t -> !t.isZero()).findFirst().orElse(toolTimeout);
        }

        /** A copy with the global shard start timeout. */
        public Defaults withShardStartTimeout(final Duration timeout) {
            return new Defaults(parallelism, driftResult, failedResult, terraformPath, tofuPath, pulumiPath, allowedCredentials,
                    sharedLockScopes, toolTimeout, folders, timeout);
        }

        /** How long a shard waits for another shard whose step has not started, unless its step says; zero: no limit. */
        public Duration shardStartTimeout() {
            return shardStart;
        }

        public static Defaults builtIn() {
            return new Defaults(0, "UNSTABLE", "FAILURE", "", "", "");
        }

        public int parallelism() {
            return parallelism;
        }

        public String driftResult() {
            return driftResult;
        }

        public String failedResult() {
            return failedResult;
        }

        /**
         * Tool word → executable on the agents, for the tools whose path is set (others come from PATH): the nearest
         * folder's, else the global one.
         */
        public Map<String, String> toolPaths() {
            Map<String, String> map = new TreeMap<>();
            putIfSet(map, "terraform", terraformPath);
            putIfSet(map, "tofu", tofuPath);
            putIfSet(map, "pulumi", pulumiPath);
            // from the outermost folder in: the nearest folder that sets a tool's path wins
            for (int i = folders.size() - 1; i >= 0; i--) {
                map.putAll(folders.get(i).toolPaths());
            }
            return map;
        }

        private static void putIfSet(final Map<String, String> map, final String key, final String value) {
            if (!value.isEmpty()) {
                map.put(key, value);
            }
        }
    }
}
