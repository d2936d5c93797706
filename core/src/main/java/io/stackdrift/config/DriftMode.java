package io.stackdrift.config;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What a drift check that finds drift does (docs/concepts.md, "Drift modes"). */
public enum DriftMode {
    CORRECT("correct"),
    APPROVE("approve"),
    REPORT("report"),
    OFF("off");

    /** Other tools' words, accepted as synonyms; output always uses the canonical word. */
    private static final Map<String, DriftMode> SYNONYMS = Map.of(
            "enabled", CORRECT, "warn", REPORT, "disabled", OFF,
            "auto", CORRECT, "manual", APPROVE, "disable", REPORT);

    private final String word;

    DriftMode(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** The mode for a canonical word or a synonym. */
    public static Optional<DriftMode> fromWord(final String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        for (DriftMode mode : values()) {
            if (mode.word.equals(lower)) {
                return Optional.of(mode);
            }
        }
        return Optional.ofNullable(SYNONYMS.get(lower));
    }

    @Override
    public String toString() {
        return word;
    }
}
