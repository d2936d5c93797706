package io.jenkins.plugins.stackdrift;

import java.time.Duration;
import java.util.Optional;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Describable;
import hudson.model.Descriptor;
import hudson.util.FormValidation;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

import io.stackdrift.runner.ToolWrapper;

/**
 * How steps outlive a controller restart, a lost agent and a stop (the global configuration's "Durability", JCasC
 * {@code unclassified: stackDrift: durability:}): whether steps run their engine durably, how long a durable step
 * waits for an agent that cannot be reached, and how long a tool asked to stop gets before it is killed. Each has a
 * system property that, when set on the controller, wins over the page (an administrator's override, as durable-task
 * has its own): the names are kept from the preview that had only them.
 */
public final class Durability implements Describable<Durability> {
    /** The properties are named after the agent classes that first read them (kept for the controllers that set them). */
    private static final String PROPERTY_PREFIX = "io.jenkins.plugins.stackdrift.agent" + ".";
    /** {@code true} or {@code false}: overrides {@link #isDurableSteps()}. */
    public static final String DURABLE_PROPERTY = PROPERTY_PREFIX + "DurableEngine.enabled";
    /** Whole seconds: overrides {@link #getAgentReconnectTimeout()}. */
    public static final String RECONNECT_PROPERTY = PROPERTY_PREFIX + "DurableEngine.reconnectSeconds";
    /** Whole seconds: overrides {@link #getToolStopGrace()}. */
    public static final String GRACE_PROPERTY = PROPERTY_PREFIX + "ToolStops.graceSeconds";
    /** How long a durable step waits for its agent to come back when none is set. */
    public static final Duration DEFAULT_RECONNECT = Duration.ofMinutes(5);
    /** How long a tool asked to stop gets before its tree is killed when none is set (long enough for a provider call). */
    public static final Duration DEFAULT_GRACE = ToolWrapper.DEFAULT_GRACE;

    private boolean durableSteps = true;
    /** Blank: {@link #DEFAULT_RECONNECT}. */
    private String agentReconnectTimeout = "";
    /** Blank: {@link #DEFAULT_GRACE}. */
    private String toolStopGrace = "";

    @DataBoundConstructor
    public Durability() {
        // every setting is optional: @DataBoundSetter
    }

    /** Whether steps run durably here: the system property when set, else the setting. */
    public boolean durableStepsInEffect() {
        String forced = System.getProperty(DURABLE_PROPERTY);
        return forced == null || forced.isBlank() ? durableSteps : Boolean.parseBoolean(forced.strip());
    }

    /** How long a durable step waits for its agent: the system property when it is a whole number, else the setting. */
    public Duration agentReconnectInEffect() {
        return seconds(System.getProperty(RECONNECT_PROPERTY)).orElse(wordsOr(agentReconnectTimeout, DEFAULT_RECONNECT));
    }

    /** How long a stopped tool gets before its tree is killed: the system property when it is a whole number, else the setting. */
    public Duration toolStopGraceInEffect() {
        return seconds(System.getProperty(GRACE_PROPERTY)).orElse(wordsOr(toolStopGrace, DEFAULT_GRACE));
    }

    static Optional<Duration> seconds(@CheckForNull final String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            long seconds = Long.parseLong(value.strip());
            return seconds >= 0 ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Duration wordsOr(final String words, final Duration fallback) {
        return words == null || words.isBlank() ? fallback : StepDurations.parse(words).orElse(fallback);
    }

    public boolean isDurableSteps() {
        return durableSteps;
    }

    /** Whether previews, drift checks and deploys run their engine as a process of their own on the agent (as {@code sh}). */
    @DataBoundSetter
    public void setDurableSteps(final boolean durableSteps) {
        this.durableSteps = durableSteps;
    }

    public String getAgentReconnectTimeout() {
        return agentReconnectTimeout == null ? "" : agentReconnectTimeout;
    }

    /** How long a durable step waits for an agent that cannot be reached ({@code 5m}, {@code 30s}); blank: 5 minutes. */
    @DataBoundSetter
    public void setAgentReconnectTimeout(final String agentReconnectTimeout) {
        this.agentReconnectTimeout = words("agentReconnectTimeout", agentReconnectTimeout, DEFAULT_RECONNECT);
    }

    public String getToolStopGrace() {
        return toolStopGrace == null ? "" : toolStopGrace;
    }

    /** How long a tool asked to stop (SIGINT) gets before its process tree is killed ({@code 2m}); blank: 2 minutes. */
    @DataBoundSetter
    public void setToolStopGrace(final String toolStopGrace) {
        this.toolStopGrace = words("toolStopGrace", toolStopGrace, DEFAULT_GRACE);
    }

    /** The shortest words of a duration ({@code 90s} → {@code 1m30s}); blank for blank; anything else is refused. */
    private static String words(final String field, @CheckForNull final String word, final Duration blank) {
        Optional<String> problem = problem(field, word, blank);
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
        return word == null || word.isBlank() ? "" : StepDurations.format(StepDurations.parse(word.strip()).orElseThrow());
    }

    /** Why {@code word} cannot be saved as {@code field} (whose blank means {@code blank}); empty for a duration, blank or null. */
    static Optional<String> problem(final String field, @CheckForNull final String word, final Duration blank) {
        if (word == null || word.isBlank() || StepDurations.parse(word.strip()).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(field + " '" + word.strip() + "' is not a duration: use for example 30s, 5m or 1h (blank: "
                + StepDurations.format(blank) + ")");
    }

    /** The page's checks; a system property that overrides a field is named at it. */
    @Extension
    public static final class DescriptorImpl extends Descriptor<Durability> {
        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.Durability_displayName();
        }

        @POST
        public FormValidation doCheckDurableSteps() {
            JenkinsFacade.checkAdminister();
            return overridden(DURABLE_PROPERTY, System.getProperty(DURABLE_PROPERTY) != null);
        }

        @POST
        public FormValidation doCheckAgentReconnectTimeout(@QueryParameter final String value) {
            JenkinsFacade.checkAdminister();
            return check(problem("agentReconnectTimeout", value, DEFAULT_RECONNECT), RECONNECT_PROPERTY);
        }

        @POST
        public FormValidation doCheckToolStopGrace(@QueryParameter final String value) {
            JenkinsFacade.checkAdminister();
            return check(problem("toolStopGrace", value, DEFAULT_GRACE), GRACE_PROPERTY);
        }

        private static FormValidation check(final Optional<String> problem, final String property) {
            return problem.isPresent() ? FormValidation.error(problem.get())
                    : overridden(property, seconds(System.getProperty(property)).isPresent());
        }

        private static FormValidation overridden(final String property, final boolean set) {
            return set ? FormValidation.warning("The system property " + property + " is set on this controller: it wins"
                    + " over this field until it is removed") : FormValidation.ok();
        }
    }
}
