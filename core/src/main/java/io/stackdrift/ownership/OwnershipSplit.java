package io.stackdrift.ownership;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;

/**
 * Splits a plan's drift by the accepted ignore paths (docs/field-ownership.md): drift on a path owned elsewhere is not
 * drift and is listed apart, for transparency. A change with some owned and some other paths is split
 * into two changes by path. A change that names no path (a resource deleted outside the code) is
 * never owned elsewhere: ownership is of fields, not of whole resources. A path that cannot be parsed
 * stays drift (when unsure, show it).
 *
 * @param drift          what remains drift
 * @param ownedElsewhere drift on owned paths
 */
public record OwnershipSplit(ChangeList drift, ChangeList ownedElsewhere) {
    public OwnershipSplit {
        Objects.requireNonNull(drift, "drift");
        Objects.requireNonNull(ownedElsewhere, "ownedElsewhere");
    }

    /** Splits drift held in memory (tests, short lists). */
    public static OwnershipSplit of(final List<Change> drift, final List<IgnorePath> ignore) {
        return of(ChangeList.of(drift), ignore);
    }

    /** Splits the drift as it is read; the two parts spill where the drift does. */
    public static OwnershipSplit of(final ChangeList drift, final List<IgnorePath> ignore) {
        if (ignore.isEmpty()) {
            return new OwnershipSplit(drift, ChangeList.none());
        }
        ChangeList.Builder remaining = drift.derived();
        ChangeList.Builder owned = drift.derived();
        drift.forEach(change -> {
            List<IgnorePath> forResource = ignore.stream().filter(p -> p.coversAddress(change.address())).toList();
            if (forResource.isEmpty() || change.paths().isEmpty()) {
                remaining.add(change);
                return;
            }
            List<String> ownedPaths = new ArrayList<>();
            List<String> otherPaths = new ArrayList<>();
            for (String path : change.paths()) {
                Optional<AttributePath> parsed = AttributePath.parse(path);
                boolean isOwned = parsed.isPresent() && forResource.stream().anyMatch(p -> parsed.get().isWithin(p.attribute()));
                (isOwned ? ownedPaths : otherPaths).add(path);
            }
            if (!otherPaths.isEmpty()) {
                remaining.add(change.withPaths(otherPaths));
            }
            if (!ownedPaths.isEmpty()) {
                owned.add(change.withPaths(ownedPaths));
            }
        });
        return new OwnershipSplit(remaining.build(), owned.build());
    }
}
