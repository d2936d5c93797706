package io.stackdrift.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A command stacks.yaml's {@code policyCheck:} runs on a stack's plan before it is applied (docs/configuration.md,
 * "Policy checks"): exit 0 passes, anything else holds the stack as awaiting approval or fails it.
 *
 * @param command  the executable and its arguments, never through a shell; an executable with a '/' is a path under
 *                 the repository root
 * @param onDeny   what a refusal does to the stack
 * @param timeout  how long the command may run; past it, the plan is refused as for a denial
 * @param previews whether previews run it too (nothing is applied there: the row says what the check would do)
 */
public record PolicyCheck(List<String> command, OnDeny onDeny, Duration timeout, boolean previews) {
    /** How long a policy check may run when {@code timeout} is not set. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    /** What a refused plan does to its stack. */
    public enum OnDeny {
        /** The stack awaits approval: a person may approve the plan (an approved run applies it). */
        HOLD("hold"),
        /** The stack fails: no approval applies a plan the check refused. */
        FAIL("fail");

        private final String word;

        OnDeny(final String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        static Optional<OnDeny> fromWord(final String word) {
            for (OnDeny value : values()) {
                if (value.word.equals(word)) {
                    return Optional.of(value);
                }
            }
            return Optional.empty();
        }
    }

    public PolicyCheck {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("a policy check needs a command");
        }
        Objects.requireNonNull(onDeny, "onDeny");
        Objects.requireNonNull(timeout, "timeout");
    }

    /** The executable as written (a path under the repository root when it holds a '/'). */
    public String executable() {
        return command.get(0);
    }

    @Override
    public String toString() {
        return String.join(" ", command) + " (onDeny " + onDeny.word() + ", timeout " + Durations.format(timeout)
                + (previews ? ", previews too" : "") + ")";
    }
}
