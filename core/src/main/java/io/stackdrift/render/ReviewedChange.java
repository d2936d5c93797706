package io.stackdrift.render;

import java.util.List;
import java.util.Objects;

import io.stackdrift.model.Action;
import io.stackdrift.model.Change;

/**
 * One planned change as a reviewer sees it: what happens to which resource, and the attribute paths it touches. Never a
 * value; the address and paths come masked ({@link SecretMask}), as a key can carry a secret ({@code for_each}).
 *
 * @param action  what the apply would do
 * @param address the resource address, or {@code output} for a stack output
 * @param paths   the attribute paths (an output's name), at most {@link #MOST_PATHS}
 * @param omitted paths left out past {@link #MOST_PATHS}
 */
public record ReviewedChange(Action action, String address, List<String> paths, int omitted) {
    /** Paths listed under one change; a change of a whole block can touch hundreds. */
    public static final int MOST_PATHS = 20;

    public ReviewedChange {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(address, "address");
        paths = List.copyOf(paths);
    }

    /** The change, masked; paths past {@link #MOST_PATHS} counted, not listed. */
    static ReviewedChange of(final Change change, final SecretMask mask) {
        List<String> all = change.paths();
        List<String> shown = all.subList(0, Math.min(all.size(), MOST_PATHS)).stream().map(mask::mask).toList();
        return new ReviewedChange(change.action(), mask.mask(change.address()), shown, all.size() - shown.size());
    }
}
