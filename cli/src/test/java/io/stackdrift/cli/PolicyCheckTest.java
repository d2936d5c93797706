package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * stacks.yaml's {@code policyCheck:} with scripted policies on the demo's {@code dns} stack: a pass applies, a denial
 * holds the stack with the policy's first lines (or fails it), a timeout holds it, a policy printing a secret is
 * masked everywhere, and a policy that cannot run fails the stack naming it and the file.
 */
@PosixOnly
class PolicyCheckTest {
    private static final String SECRET = "pOl1cy-S3cret-EXAMPLE-0042";

    @TempDir
    Path dir;

    private UnaryOperator<String> before;

    @BeforeEach
    void environmentWithTheSecret() {
        // the demo's dns stack names AWS_SECRET_ACCESS_KEY under credentials: its value is masked in every output
        before = CliEnvironment.use(name -> "AWS_SECRET_ACCESS_KEY".equals(name) ? SECRET : System.getenv(name));
    }

    @AfterEach
    void environmentAsItWas() {
        CliEnvironment.use(before);
    }

    /** The demo with a top-level policyCheck running policy/check.sh (written executable unless told). */
    private DemoRepo demo(final String script, final String settings, final boolean executable) throws IOException {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Path policy = Files.createDirectories(demo.root.resolve("policy")).resolve("check.sh");
        Files.writeString(policy, "#!/bin/sh\n" + script);
        Files.setPosixFilePermissions(policy, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        Path config = demo.root.resolve("stacks.yaml");
        Files.writeString(config, Files.readString(config).replace("parallelism: 4\n",
                "parallelism: 4\npolicyCheck:\n  command: [policy/check.sh, --strict]\n" + settings));
        return demo;
    }

    @Test
    void aPolicyThatPassesLetsTheApplyGoAndGetsThePlanAndTheStack() throws Exception {
        DemoRepo demo = demo("""
                test -s "$STACKDRIFT_PLAN_JSON" || exit 5
                test "$STACKDRIFT_STACK" = dns || exit 6
                test "$1" = --strict || exit 7
                test "$(pwd)" = "$STACKDRIFT_STACK_DIR" || exit 8
                exit 0
                """, "", true);

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns");

        assertThat(result.exit()).as(result.out() + result.err()).isEqualTo(ExitCodes.OK);
        assertThat(result.out()).contains("dns (in sync): deployed");
        assertThat(result.err()).contains("checking the plan of dns with its policy check…", "applying dns (terraform)…");
    }

    @Test
    void aDenialHoldsTheStackWithThePolicysFirstLinesAndAppliesNothing() throws Exception {
        DemoRepo demo = demo("""
                echo "FAIL - dns: aws_route53_record.www must keep a TTL of 300"
                echo ""
                echo "1 test, 0 passed, 0 warnings, 1 failure"
                exit 1
                """, "", true);

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns");

        assertThat(result.out()).contains("awaiting approval", "policy check refused the plan (exit 1): FAIL - dns: "
                + "aws_route53_record.www must keep a TTL of 300 / 1 test, 0 passed, 0 warnings, 1 failure");
        assertThat(result.err()).doesNotContain("applying dns");
    }

    @Test
    void anApprovedRunAppliesAPlanThePolicyHeldAndSaysSo() throws Exception {
        DemoRepo demo = demo("echo 'FAIL - too many changes'\nexit 1\n", "", true);

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns", "--approved");

        assertThat(result.out()).contains("dns (in sync): deployed");
        assertThat(result.err()).contains("dns: policy check refused the plan (exit 1): FAIL - too many changes; applied all the same: "
                + "the run is approved", "applying dns (terraform)…");
    }

    @Test
    void onDenyFailFailsTheStackAndNoApprovalAppliesIt() throws Exception {
        DemoRepo demo = demo("echo 'deny: public bucket'\nexit 2\n", "  onDeny: fail\n", true);

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns", "--approved");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out()).contains("dns (failed): policy check refused the plan (exit 2): deny: public bucket");
        assertThat(result.err()).doesNotContain("applying dns");
    }

    @Test
    void aPolicyPastItsTimeoutIsKilledAndHoldsTheStack() throws Exception {
        DemoRepo demo = demo("echo 'still thinking'\nsleep 30\nexit 0\n", "  timeout: 1s\n", true);
        long started = System.nanoTime();

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns");

        assertThat((System.nanoTime() - started) / 1_000_000_000L).isLessThan(25);
        assertThat(result.out()).contains("awaiting approval", "policy check timed out after 1s (policyCheck.timeout)");
        assertThat(result.err()).doesNotContain("applying dns");
    }

    @Test
    void aSecretThePolicyPrintsIsMaskedInTheOutputTheJsonAndTheRecord() throws Exception {
        DemoRepo demo = demo("echo \"FAIL - the key " + SECRET + " is in the plan\"\nexit 1\n", "", true);

        DemoRepo.Result text = demo.run("deploy", "--stacks", "dns");
        DemoRepo.Result json = demo.run("deploy", "--stacks", "dns", "--json", "--html", dir.resolve("report").toString());

        assertThat(text.out()).contains("policy check refused the plan (exit 1): FAIL - the key ").doesNotContain(SECRET);
        assertThat(text.err() + json.out() + json.err()).doesNotContain(SECRET);
        assertThat(json.out()).contains("policy check refused the plan");
        for (Path tree : new Path[] {demo.record, dir.resolve("report")}) {
            try (Stream<Path> files = Files.walk(tree)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    assertThat(Files.readString(file)).as(file.toString()).doesNotContain(SECRET);
                }
            }
        }
    }

    @Test
    void previewsRunThePolicyOnlyWhenAskedAndSayWhatADeployWouldDo() throws Exception {
        DemoRepo demo = demo("echo 'FAIL - dns: TTL'\nexit 1\n", "", true);
        DemoRepo.Result notAsked = demo.run("preview", "--stacks", "dns");
        Path config = demo.root.resolve("stacks.yaml");
        Files.writeString(config, Files.readString(config).replace("[policy/check.sh, --strict]\n",
                "[policy/check.sh, --strict]\n  previews: true\n"));

        DemoRepo.Result asked = demo.run("preview", "--stacks", "dns");

        assertThat(notAsked.out() + notAsked.err()).doesNotContain("policy check");
        assertThat(asked.exit()).isEqualTo(notAsked.exit());
        assertThat(asked.out()).contains("a deploy would await approval: policy check refused the plan (exit 1): FAIL - dns: TTL");
        assertThat(asked.err()).doesNotContain("applying");
    }

    @Test
    void aPolicyThatIsNotExecutableFailsTheStackNamingItAndTheFile() throws Exception {
        DemoRepo demo = demo("exit 0\n", "", false);

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out()).contains("dns (failed): the policy check of dns cannot run: "
                + demo.root.resolve("policy/check.sh") + " is not executable; make it so (chmod +x policy/check.sh)");
        assertThat(result.err()).doesNotContain("applying dns", "Exception");
    }

    @Test
    void aPolicyNotOnThePathFailsTheStackNamingTheCommand() throws Exception {
        DemoRepo demo = demo("exit 0\n", "", true);
        Path config = demo.root.resolve("stacks.yaml");
        Files.writeString(config, Files.readString(config).replace("[policy/check.sh, --strict]", "[no-such-policy-tool-42]"));

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out())
                .contains("dns (failed): the policy check of dns cannot run: no-such-policy-tool-42 was not found on the PATH");
    }
}
