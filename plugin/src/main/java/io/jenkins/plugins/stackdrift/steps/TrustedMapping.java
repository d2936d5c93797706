package io.jenkins.plugins.stackdrift.steps;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.EngineGateway;
import io.jenkins.plugins.stackdrift.agent.EngineRequest;
import io.jenkins.plugins.stackdrift.credentials.ChangeTrust;
import io.jenkins.plugins.stackdrift.credentials.CredentialsSource;

/**
 * The credentials mapping a step binds for its selected stacks, once {@link ChangeTrust} has said whose mapping is
 * trusted: the checkout's, the target branch's (read on the agent against this checkout, {@link EngineGateway#readTrusted}),
 * or none.
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
     * The mapping to bind: the checkout's, or for a change request from an untrusted source the target branch's, where a
     * stack that file does not configure gets none. What changed is said by stack and variable, never by value.
     */
    static Map<String, Map<String, String>> of(final CredentialsSource source, final Map<String, Map<String, String>> selected,
            final EngineRequest request, final EngineGateway gateway, final PrintStream log)
            throws IOException, InterruptedException {
        if (source.kind() == CredentialsSource.Kind.CHECKOUT) {
            return selected;
        }
        log.println("Stack Drift: " + source.reason());
        Map<String, Map<String, String>> trusted = Map.of();
        if (source.kind() == CredentialsSource.Kind.TARGET_BRANCH) {
            AgentOutcome outcome = gateway.readTrusted(request, source.trustedConfig().orElseThrow());
            if (outcome.problems().isEmpty()) {
                trusted = outcome.selectedStacks();
            } else {
                outcome.problems().forEach(p -> log.println("Stack Drift: " + p + "; no credentials are bound"));
            }
        }
        Map<String, Map<String, String>> mapping = new TreeMap<>();
        for (Map.Entry<String, Map<String, String>> stack : selected.entrySet()) {
            Map<String, String> bound = trusted.getOrDefault(stack.getKey(), Map.of());
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
