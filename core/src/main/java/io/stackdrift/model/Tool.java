package io.stackdrift.model;

import java.util.Locale;
import java.util.Optional;

/** The infrastructure-as-code tools Stack Drift drives. */
public enum Tool {
    TERRAFORM("terraform"),
    TOFU("tofu"),
    PULUMI("pulumi");

    private final String word;

    Tool(final String word) {
        this.word = word;
    }

    /** The word used in {@code stacks.yaml}, in output, and as the default executable name. */
    public String word() {
        return word;
    }

    /** Terraform and OpenTofu share plan formats and command lines. */
    public boolean isTerraformFamily() {
        return this != PULUMI;
    }

    public static Optional<Tool> fromWord(final String word) {
        for (Tool tool : values()) {
            if (tool.word.equals(word.toLowerCase(Locale.ROOT))) {
                return Optional.of(tool);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return word;
    }
}
