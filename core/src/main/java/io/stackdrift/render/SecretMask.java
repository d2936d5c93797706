package io.stackdrift.render;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import io.stackdrift.model.Row;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;

/**
 * Replaces every secret value with {@value #MASK} in a text, as the plugin masks a build's log: longer secrets
 * first, so one that contains another is masked whole. The CLI masks with it what it prints, records, renders and
 * keeps of a tool's output; the secrets are the values of the variables named under {@code credentials:}.
 */
public final class SecretMask {
    public static final String MASK = "****";
    public static final SecretMask NONE = new SecretMask(List.of());

    private final List<String> secrets;

    private SecretMask(final List<String> secrets) {
        this.secrets = secrets;
    }

    public static SecretMask of(final Collection<String> secrets) {
        return new SecretMask(secrets.stream().filter(s -> s != null && !s.isEmpty()).distinct()
                .sorted(Comparator.comparingInt(String::length).reversed()).toList());
    }

    public boolean isEmpty() {
        return secrets.isEmpty();
    }

    public String mask(final String text) {
        String masked = text;
        for (String secret : secrets) {
            masked = masked.replace(secret, MASK);
        }
        return masked;
    }

    /**
     * The record with every reason masked (rows and trail entries): a tool's own words, such as an {@code Error:}
     * line, are the only text of a record that can carry a secret; addresses and paths come from the plan's keys.
     */
    public RunRecord mask(final RunRecord run) {
        if (secrets.isEmpty()) {
            return run;
        }
        List<Row> rows = new ArrayList<>();
        for (Row row : run.rows()) {
            rows.add(row.withState(row.state(), mask(row.reason())));
        }
        List<TrailEntry> trail = new ArrayList<>();
        for (TrailEntry e : run.trail()) {
            trail.add(new TrailEntry(e.stack(), e.runId(), e.startedAt(), e.finishedAt(), e.result(), e.repairedDrift(),
                    e.restoredPaths(), mask(e.reason()), e.driftedSince()));
        }
        return new RunRecord(run.runId(), run.kind(), run.cause(), run.startedAt(), run.finishedAt(), rows, trail);
    }
}
