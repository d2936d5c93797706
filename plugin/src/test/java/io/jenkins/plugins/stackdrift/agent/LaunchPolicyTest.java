package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.text.MessageFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.stackdrift.render.SecretMask;
import io.stackdrift.runner.ToolWrapper;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.testing.PosixOnly;
import io.stackdrift.tool.GitFiles;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.PulumiAdapter;
import io.stackdrift.tool.PulumiCommands;
import io.stackdrift.tool.TerraformAdapter;
import io.stackdrift.tool.TerraformCommands;

/**
 * The controller starts, for an agent, only the command lines the engine issues: each command every command builder of
 * the core's adapters makes passes (so a flag an adapter starts to pass fails here until the grammar knows it), and a
 * corpus of hostile commands is refused, each with its reason, logged on the controller.
 */
class LaunchPolicyTest {
    private static final Path ROOT = Path.of("/agent/workspace/infra");
    private static final Path WS = ROOT;
    private static final Path STEP = Path.of("/agent/workspace/infra@tmp/stack-drift-7-deploy");
    private static final Path WORK = STEP.resolve("work/net");
    private static final String QUALIFIED = "acme/network/prod-eu.1";
    private static final Map<String, String> BUILD = Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "HOME", "/home/jenkins",
            "BUILD_NUMBER", "7");
    private static final Map<String, String> NETWORK = Map.of("AWS_ACCESS_KEY_ID", "AKIAnet", "AWS_SECRET_ACCESS_KEY",
            "net$ecret/`v`");
    private static final Map<String, String> DNS = Map.of("AWS_ACCESS_KEY_ID", "AKIAdns", "AWS_SECRET_ACCESS_KEY", "dnsSecret");

    private final LaunchPolicy policy = new LaunchPolicy(Map.of("pulumi", "/opt/pulumi/bin/pulumi"), WS.toString(),
            STEP.toString(), BUILD, List.of(NETWORK, DNS));

    private final List<LogRecord> logged = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(final LogRecord record) {
            logged.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger serviceLog = Logger.getLogger(ToolLaunchService.class.getName());

    @TempDir
    Path root;

    @BeforeEach
    void listen() {
        serviceLog.addHandler(handler);
    }

    @AfterEach
    void stopListening() {
        serviceLog.removeHandler(handler);
    }

    /** What {@link AgentProcessRunner} sends: the wrapper around {@code tool}, the build's environment under {@code env}. */
    private static ToolCommand wrapped(final List<String> tool, final String workingDir, final Map<String, String> env) {
        List<String> line = new ArrayList<>(List.of(AgentProcessRunner.SHELL, "-c", AgentProcessRunner.WRAPPER, "stack-drift",
                WORK.resolve("out").toString(), WORK.resolve("out" + AgentProcessRunner.STDERR_SUFFIX).toString(),
                WORK.resolve("out" + AgentProcessRunner.MISSING_SUFFIX).toString()));
        line.addAll(tool);
        Map<String, String> environment = new TreeMap<>(BUILD);
        environment.putAll(env);
        return ToolCommand.of(outer(line), workingDir, environment);
    }

    /** Core's tool wrapper around the inner command, as the runner starts it. */
    private static List<String> outer(final List<String> inner) {
        return ToolWrapper.command(STEP, 0, ToolWrapper.DEFAULT_GRACE, Duration.ofSeconds(30), inner);
    }

    private static ToolCommand wrapped(final List<String> tool) {
        return wrapped(tool, WS.resolve("net").toString(), Map.of());
    }

    /** Every public command builder of the core's Terraform/OpenTofu and Pulumi commands, called with each argument form. */
    static Stream<Arguments> adapterCommands() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (Object commands : List.of(new TerraformCommands("terraform"), new TerraformCommands("tofu"),
                new PulumiCommands("pulumi"), new PulumiCommands("/opt/pulumi/bin/pulumi"))) {
            for (Method method : commands.getClass().getMethods()) {
                if (method.getReturnType() != List.class || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                for (Object[] arguments : argumentForms(method.getParameterTypes())) {
                    if (commands instanceof TerraformCommands && List.of(arguments).contains(QUALIFIED)) {
                        continue; // a Pulumi stack's name, never a workspace's
                    }
                    Object command = method.invoke(commands, arguments);
                    all.add(Arguments.of(method.getDeclaringClass().getSimpleName() + "." + method.getName(), command));
                }
            }
        }
        List<String> git = new ArrayList<>(List.of("git"));
        git.addAll(GitFiles.LS_FILES);
        all.add(Arguments.of("GitFiles.LS_FILES", git));
        return all.stream();
    }

    /** Each combination of the values a builder's parameters take in a run. */
    private static List<Object[]> argumentForms(final Class<?>[] types) {
        List<Object[]> forms = new ArrayList<>();
        forms.add(new Object[0]);
        for (Class<?> type : types) {
            List<Object> values;
            if (type == PlanPurpose.class) {
                values = List.of((Object[]) PlanPurpose.values());
            } else if (type == Path.class) {
                values = List.of(WORK.resolve("plan.tfplan"), STEP.resolve("work/dns $$ a b/update-plan.json"));
            } else if (type == String.class) {
                values = List.of("prod", "default", QUALIFIED);
            } else if (type == boolean.class) {
                values = List.of(true, false);
            } else {
                throw new AssertionError("a command builder takes a " + type + ": give it values here");
            }
            List<Object[]> longer = new ArrayList<>();
            for (Object[] form : forms) {
                for (Object value : values) {
                    Object[] next = Arrays.copyOf(form, form.length + 1);
                    next[form.length] = value;
                    longer.add(next);
                }
            }
            forms = longer;
        }
        return forms;
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("adapterCommands")
    void everyCommandTheAdaptersBuildIsAccepted(final String builder, final List<String> command) {
        assertThat(policy.refusal(wrapped(command))).as(builder).isEmpty();
    }

    @Test
    void theBuildersAreAllCalled() throws Exception {
        // a builder the reflection above missed would leave its commands untested
        assertThat(adapterCommands().map(a -> a.get()[0]).distinct()).hasSize(18);
    }

    /** The variables the adapters give their processes, read from the adapters themselves, with the values they give. */
    @Test
    void theVariablesTheAdaptersSetAreAccepted() throws Exception {
        Map<String, String> env = new LinkedHashMap<>();
        env.putAll(constant(TerraformAdapter.class, "AUTOMATION"));
        env.putAll(constant(PulumiAdapter.class, "QUIET"));
        env.putAll(PulumiCommands.UPDATE_PLANS);
        Class<?> process = Class.forName(TerraformAdapter.class.getPackageName() + ".ToolProcess");
        Field debug = process.getDeclaredField("DEBUG_VARIABLES");
        debug.setAccessible(true);
        for (Object name : (List<?>) debug.get(null)) {
            env.put((String) name, "");
        }
        env.put("TF_LOG_PROVIDER_AWS", "");
        env.put("TF_WORKSPACE", "prod-eu.1");
        assertThat(env).hasSizeGreaterThan(12);
        assertThat(policy.refusal(wrapped(List.of("terraform", "output", "-json"), WS.toString(), env))).isEmpty();
        // with one stack's credentials on top, as the engine gives them
        env.putAll(NETWORK);
        assertThat(policy.refusal(wrapped(List.of("terraform", "output", "-json"), WS.toString(), env))).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> constant(final Class<?> type, final String name) throws Exception {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return (Map<String, String>) field.get(null);
    }

    @Test
    void theWorkingDirectoryIsTheWorkspaceOrTheStepsDirectoryAndTheToolAKnownOne() {
        assertThat(policy.refusal(wrapped(List.of("terraform", "version", "-json"), WS.toString(), Map.of()))).isEmpty();
        assertThat(policy.refusal(wrapped(List.of("tofu", "version", "-json"), STEP.resolve("schema").toString(), Map.of())))
                .isEmpty();
        assertThat(policy.refusal(wrapped(List.of("/opt/pulumi/bin/pulumi", "version")))).isEmpty();
        assertThat(policy.refusal(wrapped(List.of("/opt/pulumi/bin/pulumi", "version", "-json"))))
                .hasValue("pulumi version takes no argument '-json' after version");
    }

    /** A hostile command, the words its refusal must contain. */
    static Stream<Arguments> hostile() {
        String out = WORK.resolve("out").toString();
        return Stream.of(
                Arguments.of("the review's probe", wrapped(List.of("terraform", "-chdir=/etc", "console", "$(id)", "`id`",
                        "'x\\\" ; id ; \\\"'")), "argument"),
                Arguments.of("$(…) in a plan file", raw(List.of("terraform", "plan", "-input=false", "-json",
                        "-out=" + WORK + "/$(id)", "-detailed-exitcode")), "a '$' the launcher or a container's shell would expand"),
                Arguments.of("${X} the launcher expands later", raw(List.of("terraform", "show", "-json",
                        "${HOME}/.ssh/id_rsa")), "a '$' the launcher"),
                Arguments.of("a backquote", raw(List.of("terraform", "workspace", "new", "`id`")), "backquote"),
                Arguments.of("a quote break-out", raw(List.of("pulumi", "preview", "--json", "--stack", "x\\\" ; id ; \\\"")),
                        "backslash"),
                Arguments.of("a newline", raw(List.of("terraform", "workspace", "new", "a\nid")), "a control character"),
                Arguments.of("a flag the engine never passes", wrapped(List.of("terraform", "plan", "-input=false", "-json",
                        "-out=" + WORK.resolve("p"), "-detailed-exitcode", "-var-file=/etc/passwd")), "takes no argument"),
                Arguments.of("-chdir", wrapped(List.of("terraform", "-chdir=/etc", "init", "-input=false")),
                        "is not a terraform or tofu command Stack Drift runs"),
                Arguments.of("console", wrapped(List.of("terraform", "console")), "'console' is not a terraform or tofu command"),
                Arguments.of("a plan outside the step", wrapped(List.of("terraform", "apply", "-input=false", "-json",
                        "/etc/passwd")), "a file inside the step's directory"),
                Arguments.of("a plan climbing out", wrapped(List.of("terraform", "show", "-json", WORK + "/../../../../x")),
                        "a file inside the step's directory"),
                Arguments.of("a relative plan", wrapped(List.of("terraform", "show", "-json", "plan.tfplan")),
                        "a file inside the step's directory"),
                Arguments.of("a stack name with a ;", wrapped(List.of("pulumi", "destroy", "--yes", "--skip-preview", "--json",
                        "--stack", "prod;id")), "a Pulumi stack name"),
                Arguments.of("git with a config", wrapped(List.of("git", "-c", "core.fsmonitor=touch /tmp/x", "status")),
                        "is not a git command Stack Drift runs"),
                Arguments.of("another program", wrapped(List.of("/usr/bin/env", "id")), "'/usr/bin/env' is not terraform"),
                Arguments.of("a tool path for another tool", wrapped(List.of("/opt/pulumi/bin/pulumi", "init", "-input=false")),
                        "is not a pulumi command"),
                Arguments.of("another wrapper", ToolCommand.of(outer(List.of("sh", "-c", "id", "stack-drift", out, out + ".stderr",
                        out + ".missing", "terraform", "version", "-json")), WS.toString(), BUILD), "not the Stack Drift tool wrapper"),
                Arguments.of("no outer wrapper", ToolCommand.of(List.of(AgentProcessRunner.SHELL, "-c", AgentProcessRunner.WRAPPER,
                        "stack-drift", out, out + ".stderr", out + ".missing", "terraform", "version", "-json"), WS.toString(), BUILD),
                        "not the Stack Drift tool wrapper"),
                Arguments.of("another outer script", ToolCommand.of(swap(outer(List.of(AgentProcessRunner.SHELL, "-c",
                        AgentProcessRunner.WRAPPER, "stack-drift", out, out + ".stderr", out + ".missing", "terraform", "version",
                        "-json")), 2, "id; exec \"$@\""), WS.toString(), BUILD), "not the Stack Drift tool wrapper"),
                Arguments.of("the outer wrapper's directory elsewhere", ToolCommand.of(swap(outer(List.of(AgentProcessRunner.SHELL,
                        "-c", AgentProcessRunner.WRAPPER, "stack-drift", out, out + ".stderr", out + ".missing", "terraform",
                        "version", "-json")), 4, "/etc"), WS.toString(), BUILD), "the tool wrapper's directory is not the step's"),
                Arguments.of("a grace that is not a number", ToolCommand.of(swap(outer(List.of(AgentProcessRunner.SHELL, "-c",
                        AgentProcessRunner.WRAPPER, "stack-drift", out, out + ".stderr", out + ".missing", "terraform", "version",
                        "-json")), 6, "1;id"), WS.toString(), BUILD), "are not whole numbers"),
                Arguments.of("no wrapper", ToolCommand.of(List.of("terraform", "version", "-json"), WS.toString(), BUILD),
                        "not the Stack Drift tool wrapper"),
                Arguments.of("output outside the step", ToolCommand.of(outer(List.of(AgentProcessRunner.SHELL, "-c",
                        AgentProcessRunner.WRAPPER, "stack-drift", "/etc/cron.d/x", "/etc/cron.d/x.stderr", "/etc/cron.d/x.missing",
                        "terraform", "version", "-json")), WS.toString(), BUILD), "an output file outside the step's directory"),
                Arguments.of("stderr elsewhere", ToolCommand.of(outer(List.of(AgentProcessRunner.SHELL, "-c", AgentProcessRunner.WRAPPER,
                        "stack-drift", out, "/etc/profile", out + ".missing", "terraform", "version", "-json")), WS.toString(), BUILD),
                        "the wrapper's stderr and marker files"),
                Arguments.of("a working directory elsewhere", wrapped(List.of("terraform", "version", "-json"), "/etc", Map.of()),
                        "a working directory outside the workspace"),
                Arguments.of("a working directory with $", wrapped(List.of("terraform", "version", "-json"),
                        WS + "/$(id)", Map.of()), "the working directory has a '$'"),
                Arguments.of("LD_PRELOAD", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("LD_PRELOAD", "/tmp/evil.so")), "LD_PRELOAD"),
                Arguments.of("PATH", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("PATH", "/tmp/evil:/usr/bin")), "the variable PATH is set to another value than the build's"),
                Arguments.of("BASH_ENV", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("BASH_ENV", "/tmp/evil.sh")), "BASH_ENV"),
                Arguments.of("the Jenkins cookie", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("JENKINS_SERVER_COOKIE", "another-build")), "JENKINS_SERVER_COOKIE"),
                Arguments.of("an unknown variable", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("TF_CLI_CONFIG_FILE", "/tmp/dev-overrides.tfrc")), "the variable TF_CLI_CONFIG_FILE is neither"),
                Arguments.of("a tool variable with another value", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("TF_LOG", "TRACE")), "the variable TF_LOG is neither"),
                Arguments.of("a workspace with a shell in it", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("TF_WORKSPACE", "x;id")), "TF_WORKSPACE"),
                Arguments.of("a credential variable with another value", wrapped(List.of("terraform", "version", "-json"),
                        WS.toString(), Map.of("AWS_ACCESS_KEY_ID", "AKIAattacker")), "AWS_ACCESS_KEY_ID"),
                Arguments.of("two stacks' credentials", wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                        Map.of("AWS_ACCESS_KEY_ID", "AKIAnet", "AWS_SECRET_ACCESS_KEY", "dnsSecret")), "of one stack"));
    }

    /** As the agent would send {@code tool} had it skipped the escaping: arguments exactly as given. */
    private static ToolCommand raw(final List<String> tool) {
        List<String> line = new ArrayList<>(List.of(AgentProcessRunner.SHELL, "-c", ToolCommand.escape(AgentProcessRunner.WRAPPER),
                "stack-drift", WORK.resolve("out").toString(), WORK.resolve("out.stderr").toString(),
                WORK.resolve("out.missing").toString()));
        line.addAll(tool);
        List<String> wrapped = new ArrayList<>();
        outer(line).forEach(argument -> wrapped.add(argument.equals(ToolWrapper.SCRIPT) ? ToolCommand.escape(argument) : argument));
        return new ToolCommand(wrapped, WS.toString(), BUILD);
    }

    private static List<String> swap(final List<String> line, final int at, final String argument) {
        List<String> changed = new ArrayList<>(line);
        changed.set(at, argument);
        return changed;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void aHostileCommandIsRefusedWithItsReasonLoggedOnTheController(final String what, final ToolCommand command,
            final String reason) {
        assertThat(policy.refusal(command)).as(what).hasValueSatisfying(why -> assertThat(why).contains(reason));
        NeverStarts service = new NeverStarts(policy);
        assertThatThrownBy(() -> service.start(command)).isInstanceOf(IOException.class)
                .hasMessageContaining("the controller refused to start a process for the agent").hasMessageContaining(reason);
        assertThat(service.launched).isZero();
        assertThat(logged).singleElement().satisfies(record -> {
            assertThat(record.getLevel().getName()).isEqualTo("WARNING");
            assertThat(MessageFormat.format(record.getMessage(), record.getParameters())).contains(reason);
        });
    }

    @Test
    void aRefusalNamesVariablesAndMasksTheStepsSecretsNeverShowingAValue() {
        ToolCommand leaking = wrapped(List.of("terraform", "workspace", "new", "dnsSecret;x"));
        assertThat(policy.refusal(leaking)).hasValueSatisfying(why -> assertThat(why).doesNotContain("ecret").contains("'****;x'"));
        ToolCommand wrongValue = wrapped(List.of("terraform", "version", "-json"), WS.toString(),
                Map.of("AWS_SECRET_ACCESS_KEY", "net$ecret/`v`x"));
        assertThat(policy.refusal(wrongValue)).hasValueSatisfying(why -> assertThat(why).doesNotContain("ecret"));
    }

    @Test
    void theBuildsOwnEnvironmentPassesAndTheControllerPutsItBack() {
        Map<String, String> env = new TreeMap<>(BUILD);
        env.put("AWS_ACCESS_KEY_ID", "AKIAdns");
        ToolCommand sent = new ToolCommand(wrapped(List.of("terraform", "output", "-json")).command(), WS.toString(),
                Map.of("AWS_ACCESS_KEY_ID", "AKIAdns"));
        assertThat(policy.refusal(sent)).isEmpty();
        assertThat(policy.launched(sent).environment()).isEqualTo(ToolCommand.of(List.of(), WS.toString(), env).environment());
    }

    @Test
    void aStepRunsAtMostItsCapOfProcessesAtOnce() {
        ToolCommand command = wrapped(List.of("terraform", "version", "-json"));
        assertThat(policy.refusal(command, LaunchPolicy.MAX_RUNNING - 1)).isEmpty();
        assertThat(policy.refusal(command, LaunchPolicy.MAX_RUNNING)).hasValueSatisfying(
                why -> assertThat(why).contains("the most one step may run at once"));
    }

    @Test
    void anAdmittedCommandStartsWithTheControllersOwnCookieSetAfterThePolicy() throws Exception {
        NeverStarts service = new NeverStarts(policy);
        ToolCommand sent = wrapped(List.of("terraform", "version", "-json"));
        assertThat(sent.environment()).doesNotContainKey(ToolCookie.VARIABLE);

        LaunchedTool tool = service.start(sent);

        assertThat(service.launched).isOne();
        assertThat(service.commands).singleElement().satisfies(started -> {
            assertThat(started.environment()).containsEntry(ToolCookie.VARIABLE, tool.cookie());
            assertThat(started.command()).isEqualTo(policy.launched(sent).command());
        });
        assertThat(tool.cookie()).startsWith("stack-drift-");
    }

    /** A service whose launches are counted and kept, never made. */
    private static final class NeverStarts extends ToolLaunchService {
        int launched;
        final List<ToolCommand> commands = new ArrayList<>();

        NeverStarts(final LaunchPolicy policy) {
            super(policy);
        }

        @Override
        protected WatchedProcess launch(final ToolCommand command) {
            launched++;
            commands.add(command);
            return WatchedProcess.watch(() -> 0, () -> { }, "never");
        }

        @Override
        protected void killMarked(final Map<String, String> variables) {
            // nothing was started, so nothing carries the cookie
        }
    }

    @Test
    @PosixOnly
    void whatTheAgentsRunnerBuildsPassesAndARefusedCommandNeverStarts() throws Exception {
        Path ws = Files.createDirectories(root.resolve("ws"));
        Path step = Files.createDirectories(root.resolve("ws@tmp/step"));
        Path bin = Files.createDirectories(root.resolve("bin"));
        for (String name : List.of("terraform", "curl")) {
            Path tool = Files.writeString(bin.resolve(name), "#!/bin/sh\necho ran $1\n");
            Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Map<String, String> build = Map.of("PATH", bin + File.pathSeparator + "/usr/bin" + File.pathSeparator + "/bin");
        FakeLocalLauncher controller = new FakeLocalLauncher(new LaunchPolicy(Map.of(), ws.toString(), step.toString(), build));
        AgentProcessRunner runner = new AgentProcessRunner(controller, build, SecretMask.NONE, step, LocalEngineGateway.STOPS);

        ProcessResult ran = runner.run(new ProcessSpec(List.of("terraform", "version", "-json"), ws, Map.of(),
                Duration.ofSeconds(30), step.resolve("version.out")));
        assertThat(ran.exitCode()).isZero();
        assertThat(Files.readString(ran.stdoutFile())).isEqualTo("ran version\n");

        assertThatThrownBy(() -> runner.run(new ProcessSpec(List.of("curl", "version"), ws, Map.of(), Duration.ofSeconds(30),
                step.resolve("curl.out")))).isInstanceOf(IOException.class).hasMessageContaining("refused");
        assertThat(controller.starts).hasValue(1);
    }
}
