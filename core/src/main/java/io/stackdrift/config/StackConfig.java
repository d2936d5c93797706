package io.stackdrift.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * One stack with every setting resolved from the file (entries merged, defaults applied).
 *
 * @param id          the stack id (docs/concepts.md, "Stacks and stack ids")
 * @param tool        terraform, tofu or pulumi
 * @param dir         the stack directory relative to the repository root, '/'-separated ("." for the root)
 * @param name        the Pulumi stack or Terraform workspace name; empty for the default workspace
 * @param dependsOn   the stack ids listed in {@code dependsOn} by the matching entries (empty when none;
 *                    a stack can have both ids from one entry and {@code auto} from another)
 * @param autoDepends {@code dependsOn: auto}: dependencies come from the latest preview (Pulumi only)
 * @param drift       the drift settings
 * @param reapply     force a deploy of an in-sync stack after this long; {@link Duration#ZERO} = never
 * @param policy      when a deploy runs
 * @param credentials environment variable → Jenkins credentials id (names only, never values)
 * @param outputs     where outputs go after a deploy, if anywhere
 * @param policyCheck the command that checks the stack's plans before an apply, if any
 */
public record StackConfig(StackId id, Tool tool, String dir, String name, List<StackId> dependsOn, boolean autoDepends,
        DriftSettings drift, Duration reapply, Policy policy, Map<String, String> credentials, Optional<Outputs> outputs,
        Optional<PolicyCheck> policyCheck) {
    /**
     * Never: an in-sync stack is redeployed only when a person sets an interval. A default that redeployed every stack
     * hourly surprised newcomers, and warned on every stack whose drift check is less often than that.
     */
    public static final Duration DEFAULT_REAPPLY = Duration.ZERO;

    public StackConfig {
        dependsOn = List.copyOf(dependsOn);
        credentials = Map.copyOf(credentials);
        Objects.requireNonNull(policyCheck, "policyCheck");
    }

    /** A stack without a policy check. */
    public StackConfig(final StackId id, final Tool tool, final String dir, final String name, final List<StackId> dependsOn,
            final boolean autoDepends, final DriftSettings drift, final Duration reapply, final Policy policy,
            final Map<String, String> credentials, final Optional<Outputs> outputs) {
        this(id, tool, dir, name, dependsOn, autoDepends, drift, reapply, policy, credentials, outputs, Optional.empty());
    }

    /** The same stack with this policy check. */
    public StackConfig withPolicyCheck(final Optional<PolicyCheck> check) {
        return new StackConfig(id, tool, dir, name, dependsOn, autoDepends, drift, reapply, policy, credentials, outputs, check);
    }

    /** The stack directory under the repository root. */
    public Path directory(final Path repositoryRoot) {
        return ".".equals(dir) ? repositoryRoot : repositoryRoot.resolve(dir);
    }
}
