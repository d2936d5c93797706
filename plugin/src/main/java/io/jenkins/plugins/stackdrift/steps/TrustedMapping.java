package io.jenkins.plugins.stackdrift.steps;

import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.PolicyChecks;
import io.jenkins.plugins.stackdrift.credentials.ChangeTrust;
import io.jenkins.plugins.stackdrift.credentials.CredentialsSource;

import io.stackdrift.engine.StackPlace;
import io.stackdrift.engine.TrustedCredentials;

/**
 * The credentials mapping a step binds for its selected stacks, once {@link ChangeTrust} has said whose mapping is
 * trusted, decided on the controller: the checkout's (what the agent read; bound only where an allow-list agrees), the
 * trusted revision's configuration file, read through the SCM and parsed here (never by the agent), or none.
 */
final class TrustedMapping {
    /** No SCM source: the job's own checkout is trusted. */
    static final ChangeTrust.Revisions NOT_FROM_SOURCE = new ChangeTrust.Revisions() {
        @Override
        public boolean fromSource() {
            return false;
        }

        @Override
        public Optional<Object> tip() {
            return Optional.empty();
        }

        @Override
        public Object trusted(final Object tip) {
            return tip;
        }

        @Override
        public boolean changeRequest() {
            return false;
        }

        @Override
        public Optional<String> read(final Object revision, final String path) {
            return Optional.empty();
        }
    };

    private TrustedMapping() {
    }

    /**
     * The policy checks the controller's launch policy admits for the step: those the checkout's configuration gives
     * the selected stacks when that configuration is trusted (the rule credentials follow); for a change from a source
     * the job does not trust, none: its own file would choose what runs through the step's launcher.
     *
     * @param configFile the configuration file as the request names it
     */
    static PolicyChecks policyChecks(final CredentialsSource source, final AgentOutcome selection, final String configFile) {
        if (source.kind() == CredentialsSource.Kind.CHECKOUT) {
            return PolicyChecks.trusted(configFile, selection.policyChecks(), selection.stackPlaces());
        }
        return PolicyChecks.withheld("the build's revision is not one its SCM source trusts, so no policy check its "
                + configFile + " configures runs here");
    }

    /**
     * The mapping to bind: the checkout's, or for a change from an untrusted source whose step opted in the trusted
     * file's, where each stack of the change gets what that file maps for its directory and name (the agent says where
     * a stack lives, never which id it gets); otherwise none. What changed is said by stack and variable, never by value.
     *
     * @param configFile the configuration file as the step names it (for the log)
     */
    static Map<String, Map<String, String>> of(final CredentialsSource source, final AgentOutcome selection,
            final String configFile, final PrintStream log) {
        Map<String, Map<String, String>> selected = selection.selectedStacks();
        if (source.kind() == CredentialsSource.Kind.CHECKOUT) {
            return selected;
        }
        log.println("Stack Drift: " + source.reason());
        Map<String, Map<String, String>> mapping = new TreeMap<>();
        if (source.kind() == CredentialsSource.Kind.NONE) {
            selected.keySet().forEach(stack -> mapping.put(stack, Map.of()));
            return mapping;
        }
        TrustedCredentials trusted = TrustedCredentials.parse(source.trustedConfig().orElseThrow(),
                "the target branch's " + configFile);
        if (!trusted.problems().isEmpty()) {
            // counted, not quoted: the trusted file is not the one the build's log shows elsewhere
            log.println("Stack Drift: the target branch's " + configFile + " has " + trusted.problems().size()
                    + " problem(s); no credentials are bound");
        }
        Map<String, StackPlace> places = selection.stackPlaces();
        for (Map.Entry<String, Map<String, String>> stack : selected.entrySet()) {
            StackPlace place = places.get(stack.getKey());
            Map<String, String> bound = place == null ? Map.of() : trusted.of(place);
            if (!bound.equals(stack.getValue())) {
                Set<String> variables = new TreeSet<>(stack.getValue().keySet());
                variables.addAll(bound.keySet());
                log.println("Stack Drift: " + stack.getKey() + ": its credentials come from the trusted revision"
                        + (bound.isEmpty() ? ", which binds none for it" : "") + "; the change's mapping of "
                        + String.join(", ", variables) + " is not used");
            }
            mapping.put(stack.getKey(), bound);
        }
        return mapping;
    }
}
