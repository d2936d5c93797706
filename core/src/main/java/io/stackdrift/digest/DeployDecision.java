package io.stackdrift.digest;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.record.StackStatus;

/**
 * Whether a deploy previews and applies a stack (docs/concepts.md, "Policies and digests"), as a pure function of its policy, its
 * reapply interval, its current digest and its last successful deploy.
 *
 * <p>The reapply interval passed in is the stack's resolved one ({@code StackConfig.reapply()}: the
 * stack's own setting when it has one, else the top-level one). For {@code onChangeOrDependency}
 * pass the digest with the dependencies folded in ({@link StackDigest#withDependencies}).
 *
 * @param verdict preview and apply, or skip
 * @param reason  one line for the log and the row
 */
public record DeployDecision(Verdict verdict, String reason) {
    public enum Verdict {
        PREVIEW_AND_APPLY,
        SKIP
    }

    /**
     * The last successful deploy of a stack.
     *
     * @param digest     its digest; empty when the stack was never deployed
     * @param deployedAt when it ended
     */
    public record LastDeploy(String digest, Instant deployedAt) {
        public static final LastDeploy NEVER = new LastDeploy("", Instant.EPOCH);

        public LastDeploy {
            digest = Objects.requireNonNullElse(digest, "");
            Objects.requireNonNull(deployedAt, "deployedAt");
        }

        public boolean never() {
            return digest.isEmpty();
        }

        /** From the history's stack index. */
        public static LastDeploy of(final StackStatus status) {
            return status.everDeployed() ? new LastDeploy(status.lastDeployDigest(), Instant.ofEpochMilli(status.lastDeployedAt())) : NEVER;
        }
    }

    /** How a stack its policy or digest leaves alone is deployed anyway: the command line's option and the step's parameter. */
    public static final String NOW_HINT = "; deploy it anyway with --now (now: true on the step)";

    public DeployDecision {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
    }

    /** With the stack's resolved policy and reapply interval. */
    public static DeployDecision decide(final StackConfig stack, final String digest, final LastDeploy last, final Instant now) {
        return decide(stack.policy(), stack.reapply(), digest, last, now);
    }

    public static DeployDecision decide(final Policy policy, final Duration reapply, final String digest, final LastDeploy last,
            final Instant now) {
        if (last.never()) {
            return apply("never deployed");
        }
        String at = last.deployedAt().truncatedTo(ChronoUnit.SECONDS).toString();
        if (policy == Policy.ONCE) {
            return new DeployDecision(Verdict.SKIP, "policy once: deployed at " + at + ", never again by itself" + NOW_HINT);
        }
        if (!digest.equals(last.digest())) {
            return apply((policy == Policy.ON_CHANGE_OR_DEPENDENCY ? "it or a dependency changed" : "changed")
                    + " since its last deploy at " + at);
        }
        if (!reapply.isZero() && last.deployedAt().isAfter(now)) {
            // recorded by a clock that was ahead: it never postpones the reapply
            return apply("unchanged, but its last deploy is recorded at " + at + ", later than now: a clock was ahead, so the reapply "
                    + "interval " + format(reapply) + " counts as passed");
        }
        if (!reapply.isZero() && !now.isBefore(last.deployedAt().plus(reapply))) {
            return apply("unchanged, but the reapply interval " + format(reapply) + " has passed since its last deploy at " + at);
        }
        return new DeployDecision(Verdict.SKIP, "unchanged since its last deploy at " + at + NOW_HINT);
    }

    /**
     * The decision of a deploy asked for now ({@code --now}): a skip becomes a preview and apply that says what it
     * overrode; the apply still needs approval where the stack's drift mode asks for it.
     */
    public DeployDecision now() {
        if (verdict != Verdict.SKIP) {
            return this;
        }
        String overridden = reason.endsWith(NOW_HINT) ? reason.substring(0, reason.length() - NOW_HINT.length()) : reason;
        return apply("asked for now, whatever its policy and digest (" + overridden + ")");
    }

    private static DeployDecision apply(final String reason) {
        return new DeployDecision(Verdict.PREVIEW_AND_APPLY, reason);
    }

    private static String format(final Duration d) {
        long s = d.toSeconds();
        StringBuilder out = new StringBuilder();
        if (s >= 86_400) {
            out.append(s / 86_400).append('d');
        }
        if (s % 86_400 >= 3600) {
            out.append(s % 86_400 / 3600).append('h');
        }
        if (s % 3600 >= 60) {
            out.append(s % 3600 / 60).append('m');
        }
        if (s % 60 > 0) {
            out.append(s % 60).append('s');
        }
        return out.toString();
    }
}
