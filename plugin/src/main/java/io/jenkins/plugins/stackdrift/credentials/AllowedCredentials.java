package io.jenkins.plugins.stackdrift.credentials;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The credentials ids a step may bind: the step's {@code allowedCredentials} and the global one (Manage Jenkins →
 * System); a list that is empty does not restrict, and with both set an id must be in both (the global list is the
 * administrator's bound, the step's narrows it). A stack naming another id fails before any tool runs.
 */
public final class AllowedCredentials implements Serializable {
    private static final long serialVersionUID = 1L;

    private final ArrayList<String> step;
    private final ArrayList<String> global;

    public AllowedCredentials(final Collection<String> step, final Collection<String> global) {
        this.step = new ArrayList<>(new TreeSet<>(step));
        this.global = new ArrayList<>(new TreeSet<>(global));
    }

    /** No restriction. */
    public static AllowedCredentials any() {
        return new AllowedCredentials(List.of(), List.of());
    }

    /** Why {@code id} may not be bound; empty when it may. */
    public Optional<String> refusal(final String id) {
        if (!global.isEmpty() && !global.contains(id)) {
            return Optional.of(Messages.credentialsNotAllowedGlobally(id));
        }
        if (!step.isEmpty() && !step.contains(id)) {
            return Optional.of(Messages.credentialsNotAllowedByStep(id));
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "AllowedCredentials[step=" + step + ", global=" + global + "]";
    }
}
