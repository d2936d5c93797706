package io.stackdrift.config;

import static io.stackdrift.config.TestRepos.check;
import static io.stackdrift.config.TestRepos.terraform;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;

/** {@code policyCheck:} in stacks.yaml: the top level's for every stack, a stack's own, {@code off}, and bad forms. */
class PolicyCheckConfigTest {
    @TempDir
    Path root;

    private static Optional<PolicyCheck> of(final ConfigResult result, final String id) {
        assertThat(result.problems()).isEmpty();
        return result.config().stack(StackId.of(id)).orElseThrow().policyCheck();
    }

    @Test
    void theTopLevelsCheckIsEveryStacksUnlessAStackHasItsOwnOrTurnsItOff() {
        terraform(root, "network");
        terraform(root, "dns");
        terraform(root, "legacy");
        ConfigResult result = check(root, """
                policyCheck:
                  command: [conftest, test, --policy, policy]
                stacks:
                  - dir: network
                  - dir: dns
                    policyCheck:
                      command: policy/dns.sh
                      onDeny: fail
                      timeout: 30s
                      previews: true
                  - dir: legacy
                    policyCheck: off
                """);

        assertThat(of(result, "network")).contains(new PolicyCheck(List.of("conftest", "test", "--policy", "policy"),
                PolicyCheck.OnDeny.HOLD, PolicyCheck.DEFAULT_TIMEOUT, false));
        assertThat(of(result, "dns")).contains(new PolicyCheck(List.of("policy/dns.sh"), PolicyCheck.OnDeny.FAIL,
                Duration.ofSeconds(30), true));
        assertThat(of(result, "legacy")).isEmpty();
    }

    @Test
    void withoutAPolicyCheckNoStackHasOne() {
        terraform(root, "network");
        assertThat(of(check(root, "stacks:\n  - dir: network\n"), "network")).isEmpty();
    }

    @Test
    void badFormsAreReportedWithTheLineAndAnExample() {
        terraform(root, "network");
        ConfigResult result = check(root, """
                policyCheck:
                  onDeny: maybe
                  timeout: soon
                  shell: true
                stacks:
                  - dir: network
                    policyCheck: [conftest]
                """);

        assertThat(result.problems()).extracting(Problem::message)
                .anySatisfy(m -> assertThat(m).isEqualTo("`policyCheck` has no `command`"))
                .anySatisfy(m -> assertThat(m).startsWith("`onDeny` must be hold or fail"))
                .anySatisfy(m -> assertThat(m).startsWith("`timeout` is `soon`, which is not a duration"))
                .anySatisfy(m -> assertThat(m).startsWith("unknown key `shell` in policyCheck"))
                .anySatisfy(m -> assertThat(m).startsWith("`policyCheck` must be a mapping with `command` (or `off`)"));
        assertThat(result.problems()).allSatisfy(p -> assertThat(p.line()).isPositive());
    }
}
