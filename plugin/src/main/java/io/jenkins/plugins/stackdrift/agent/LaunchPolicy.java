package io.jenkins.plugins.stackdrift.agent;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

import io.jenkins.plugins.stackdrift.credentials.ReservedVariables;

import io.stackdrift.deploy.PolicyGate;
import io.stackdrift.runner.ToolWrapper;

/**
 * What the controller's launch service starts when the agent asks: exactly the command lines the engine issues and
 * nothing else. The agent builds the command, and a compromised agent could send anything; this keeps the exported
 * service from being a way to run other code through the step's launcher (which on Kubernetes reaches the pod's
 * other containers through a shell). A command passes when
 * <ul>
 * <li>it is core's tool wrapper ({@code sh -c SCRIPT NAME STEP N GRACE LOST}) for this step's directory, with whole
 * numbers, around the plugin's own wrapper ({@code sh -c WRAPPER stack-drift OUT ERR MISSING TOOL ARGS…}) with its
 * output files inside the step's directory;</li>
 * <li>TOOL is terraform, tofu, pulumi (the word, or the path the global configuration gives that tool) or git,
 * and ARGS one of that tool's command lines in {@link ToolGrammar}, files inside the step's directory; or TOOL ARGS is
 * exactly the policy check the trusted configuration gives a stack of the step ({@link PolicyChecks}), run in that
 * stack's directory with no variable but the build's and the three the check gets (never a credential);</li>
 * <li>no argument and not the working directory holds a character a shell acts on inside double quotes
 * (backquote, backslash, a quote, a control character) or a {@code $} the launcher would expand (only the doubled
 * {@code $$} of a literal {@code $} passes; the working directory, which is not expanded, has none);</li>
 * <li>the working directory is inside the workspace or the step's directory;</li>
 * <li>each variable is the build's own value, a credential variable this step bound for one stack (with the bound
 * value), or a variable the tools document with a value the engine sets; never {@code PATH}, {@code LD_PRELOAD},
 * {@code BASH_ENV} and the like ({@link ReservedVariables}) with any other value than the build's;</li>
 * <li>fewer than {@link #MAX_RUNNING} processes of the step are running.</li>
 * </ul>
 * Plain strings, so it is tested here.
 */
public final class LaunchPolicy {
    /** The processes one step may have running at once: the engine's highest parallelism, one process per stack. */
    public static final int MAX_RUNNING = 64;

    /** Variables the tools document, with the values the engine gives them (an empty one unsets it). */
    static final Map<String, Pattern> TOOL_VARIABLES = toolVariables();
    /** The per-provider logging switches the engine unsets when the agent has one ({@code TF_LOG_PROVIDER_AWS}). */
    private static final Pattern TF_LOG_ANY = Pattern.compile("TF_LOG_[A-Z0-9_]+");
    private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int SHOWN_LIMIT = 60;
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,9}");

    private final Map<String, Set<ToolGrammar>> executables;
    private final Path workspace;
    private final Path stepDirectory;
    private final Map<String, String> buildEnvironment;
    private final List<Map<String, String>> bound;
    private final List<String> secrets;
    private final PolicyChecks policyChecks;

    /**
     * @param toolPaths        the configured executables (tool word → path), besides the bare words
     * @param workspace        the step's workspace
     * @param stepDirectory    the step's own temporary directory, where the output files go
     * @param buildEnvironment the build's environment from the step's context (plain values)
     * @param bound            the environment of each stack whose credentials this step bound (plain values)
     */
    public LaunchPolicy(final Map<String, String> toolPaths, final String workspace, final String stepDirectory,
            final Map<String, String> buildEnvironment, final Collection<? extends Map<String, String>> bound) {
        this(toolPaths, workspace, stepDirectory, buildEnvironment, bound, PolicyChecks.none());
    }

    /** @param policyChecks the policy checks the controller admits for the step's stacks */
    public LaunchPolicy(final Map<String, String> toolPaths, final String workspace, final String stepDirectory,
            final Map<String, String> buildEnvironment, final Collection<? extends Map<String, String>> bound,
            final PolicyChecks policyChecks) {
        Map<String, Set<ToolGrammar>> known = new TreeMap<>();
        known.put("terraform", Set.of(ToolGrammar.TERRAFORM_FAMILY));
        known.put("tofu", Set.of(ToolGrammar.TERRAFORM_FAMILY));
        known.put("pulumi", Set.of(ToolGrammar.PULUMI));
        known.put("git", Set.of(ToolGrammar.GIT));
        toolPaths.forEach((word, path) -> {
            if (path != null && !path.isBlank()) {
                ToolGrammar grammar = "pulumi".equals(word.toLowerCase(Locale.ROOT)) ? ToolGrammar.PULUMI
                        : ToolGrammar.TERRAFORM_FAMILY;
                known.merge(path, Set.of(grammar), LaunchPolicy::union);
            }
        });
        this.executables = Map.copyOf(known);
        this.workspace = normal(workspace);
        this.stepDirectory = normal(stepDirectory);
        this.buildEnvironment = escaped(buildEnvironment);
        List<Map<String, String>> stacks = new ArrayList<>();
        List<String> values = new ArrayList<>();
        bound.forEach(env -> {
            stacks.add(escaped(env));
            values.addAll(env.values());
        });
        this.bound = List.copyOf(stacks);
        this.secrets = values.stream().filter(v -> !v.isEmpty()).distinct().toList();
        this.policyChecks = policyChecks;
    }

    /** A policy for a step that bound no credentials. */
    public LaunchPolicy(final Map<String, String> toolPaths, final String workspace, final String stepDirectory,
            final Map<String, String> buildEnvironment) {
        this(toolPaths, workspace, stepDirectory, buildEnvironment, List.of());
    }

    /** Why {@code command} is not started while {@code running} processes of the step run; empty when it may be. */
    public Optional<String> refusal(final ToolCommand command, final int running) {
        if (running >= MAX_RUNNING) {
            return Optional.of("the step already runs " + running + " processes, the most one step may run at once");
        }
        return refusal(command);
    }

    /** Why {@code command} is not started; empty when it may be. Names variables, never their values. */
    public Optional<String> refusal(final ToolCommand command) {
        List<String> launched = command.command();
        Optional<String> outer = outerWrapperRefusal(launched);
        if (outer.isPresent()) {
            return outer;
        }
        List<String> line = launched.subList(AgentProcessRunner.WRAPPED_FROM, launched.size());
        if (line.size() < 8 || !line.get(0).equals(AgentProcessRunner.SHELL) || !line.get(1).equals("-c")
                || !line.get(2).equals(ToolCommand.escape(AgentProcessRunner.WRAPPER)) || !line.get(3).equals("stack-drift")) {
            return Optional.of("not the Stack Drift tool wrapper");
        }
        List<String> rest = line.subList(4, line.size());
        // several stacks may share one check (the top level's), and one directory (Pulumi stacks, workspaces)
        Optional<String> checkRefused = Optional.empty();
        for (PolicyChecks.Launch check : policyChecks.launches(workspace)) {
            if (check.line().equals(line.subList(7, line.size()))) {
                checkRefused = policyCheckRefusal(command, line, check);
                if (checkRefused.isEmpty()) {
                    return checkRefused;
                }
            }
        }
        if (checkRefused.isPresent()) {
            return checkRefused;
        }
        for (int i = 0; i < rest.size(); i++) {
            Optional<String> unsafe = unsafe(rest.get(i), true);
            if (unsafe.isPresent()) {
                return Optional.of("argument " + (i + 5 + AgentProcessRunner.WRAPPED_FROM) + " has " + unsafe.get());
            }
        }
        Optional<String> files = outputFiles(line);
        if (files.isPresent()) {
            return files;
        }
        String tool = unescaped(line.get(7));
        Set<ToolGrammar> grammars = executables.get(tool);
        if (grammars == null) {
            return Optional.of(notAToolNorACheck(tool));
        }
        List<String> arguments = line.subList(8, line.size());
        Optional<String> mismatch = Optional.empty();
        for (ToolGrammar grammar : grammars) {
            mismatch = grammar.mismatch(arguments, this::insideStep, this::shown);
            if (mismatch.isEmpty()) {
                break;
            }
        }
        if (mismatch.isPresent()) {
            return mismatch;
        }
        Optional<String> directory = unsafe(command.workingDir(), false);
        if (directory.isPresent()) {
            return Optional.of("the working directory has " + directory.get());
        }
        if (!within(command.workingDir(), workspace) && !within(command.workingDir(), stepDirectory)) {
            return Optional.of("a working directory outside the workspace");
        }
        return environmentRefusal(command.environment());
    }

    /**
     * The command as the controller starts it: the agent's variables (checked by {@link #refusal}) over the build's
     * environment as the controller knows it, so a variable of the build the agent left out is still there.
     */
    public ToolCommand launched(final ToolCommand command) {
        Map<String, String> environment = new TreeMap<>(buildEnvironment);
        environment.putAll(command.environment());
        return new ToolCommand(command.command(), command.workingDir(), environment);
    }

    /** Core's wrapper around the command: its script, this step's directory, whole numbers for the call, grace and heartbeat. */
    private Optional<String> outerWrapperRefusal(final List<String> line) {
        if (line.size() < AgentProcessRunner.WRAPPED_FROM + 8 || !line.get(0).equals(AgentProcessRunner.SHELL)
                || !line.get(1).equals("-c") || !line.get(2).equals(ToolCommand.escape(ToolWrapper.SCRIPT))
                || !line.get(3).equals(ToolWrapper.NAME)) {
            return Optional.of("not the Stack Drift tool wrapper");
        }
        if (!line.get(4).equals(ToolCommand.escape(stepDirectory.toString()))) {
            return Optional.of("the tool wrapper's directory is not the step's");
        }
        for (String number : line.subList(5, AgentProcessRunner.WRAPPED_FROM)) {
            if (!WHOLE.matcher(number).matches()) {
                return Optional.of("the tool wrapper's call, grace and heartbeat are not whole numbers");
            }
        }
        return Optional.empty();
    }

    /**
     * A stack's policy check: its output files in the step's directory, started in the stack's directory, and no
     * variable but the build's own and the three the check gets, each with the value the core gives it: a bound
     * credential is refused by name, so the check never gets one, whatever the agent sends.
     */
    private Optional<String> policyCheckRefusal(final ToolCommand command, final List<String> line,
            final PolicyChecks.Launch check) {
        Optional<String> files = outputFiles(line);
        if (files.isPresent()) {
            return files;
        }
        if (unsafe(command.workingDir(), false).isPresent() || !within(command.workingDir(), check.directory())
                || !Path.of(command.workingDir()).normalize().equals(check.directory())) {
            return Optional.of("the policy check of " + check.stack() + " does not run in its stack's directory");
        }
        for (Map.Entry<String, String> variable : command.environment().entrySet()) {
            String name = variable.getKey();
            String value = variable.getValue();
            boolean own = value.equals(buildEnvironment.get(name));
            boolean given = switch (name) {
                case PolicyGate.PLAN_JSON -> insideStep(value);
                case PolicyGate.STACK -> value.equals(ToolCommand.escape(check.stack()));
                case PolicyGate.STACK_DIR -> unsafe(value, false).isEmpty() && within(value, check.directory())
                        && Path.of(value).normalize().equals(check.directory());
                default -> false;
            };
            if (!own && !given) {
                return Optional.of("the variable " + name + " is not one the policy check of " + check.stack()
                        + " gets (the build's own, " + PolicyGate.PLAN_JSON + ", " + PolicyGate.STACK + " and "
                        + PolicyGate.STACK_DIR + "); a policy check gets no credential");
            }
        }
        return Optional.empty();
    }

    /** Why an executable that is no tool is refused: not a configured policy check (or none is admitted, and why). */
    private String notAToolNorACheck(final String executable) {
        String reason = "'" + shown(executable) + "' is not terraform, tofu, pulumi, git, a configured tool path or"
                + " the policy check the trusted stacks.yaml gives a stack of this step";
        if (policyChecks.withheldBecause().isPresent()) {
            return reason + " (" + policyChecks.withheldBecause().get() + ")";
        }
        boolean sameExecutable = policyChecks.launches(workspace).stream()
                .anyMatch(check -> unescaped(check.line().get(0)).equals(executable));
        return sameExecutable ? reason + ": only that exact command line runs, not the same executable with other"
                + " arguments" : reason;
    }

    /** OUT, ERR and MISSING: OUT a file in the step's directory, the other two beside it with their suffixes. */
    private Optional<String> outputFiles(final List<String> line) {
        String out = line.get(4);
        if (!insideStep(out)) {
            return Optional.of("an output file outside the step's directory");
        }
        if (!line.get(5).equals(out + AgentProcessRunner.STDERR_SUFFIX)
                || !line.get(6).equals(out + AgentProcessRunner.MISSING_SUFFIX)) {
            return Optional.of("the wrapper's stderr and marker files are not the ones beside its output file");
        }
        return Optional.empty();
    }

    private Optional<String> environmentRefusal(final Map<String, String> environment) {
        Map<String, String> own = new LinkedHashMap<>();
        for (Map.Entry<String, String> variable : environment.entrySet()) {
            String name = variable.getKey();
            if (variable.getValue().equals(buildEnvironment.get(name))) {
                continue;
            }
            if (!VARIABLE_NAME.matcher(name).matches()) {
                return Optional.of("a variable whose name is not a shell variable name");
            }
            if (ReservedVariables.reserved(name)) {
                return Optional.of("the variable " + name + " is set to another value than the build's; a tool's "
                        + name + " is the build's own");
            }
            own.put(name, variable.getValue());
        }
        // the credential variables of one stack: a process never gets two stacks' credentials
        List<Map<String, String>> stacks = new ArrayList<>(bound);
        for (Map.Entry<String, String> variable : own.entrySet()) {
            String name = variable.getKey();
            String value = variable.getValue();
            List<Map<String, String>> binding = stacks.stream().filter(env -> value.equals(env.get(name))).toList();
            if (!binding.isEmpty()) {
                stacks = binding;
            } else if (!toolVariable(name, value)) {
                return Optional.of("the variable " + name + " is neither a credential variable this step bound (with its"
                        + " value, of one stack) nor a tool's variable with a value Stack Drift gives it");
            }
        }
        return Optional.empty();
    }

    private static boolean toolVariable(final String name, final String value) {
        Pattern allowed = TOOL_VARIABLES.get(name);
        if (allowed != null) {
            return allowed.matcher(value).matches();
        }
        return TF_LOG_ANY.matcher(name).matches() && value.isEmpty();
    }

    private static Map<String, Pattern> toolVariables() {
        Map<String, Pattern> variables = new TreeMap<>();
        Pattern unset = Pattern.compile("");
        for (String name : List.of("TF_LOG", "TF_LOG_CORE", "TF_LOG_PROVIDER", "TF_LOG_PATH", "PULUMI_DEBUG_COMMANDS",
                "PULUMI_DEBUG_GRPC")) {
            variables.put(name, unset);
        }
        variables.put("TF_IN_AUTOMATION", Pattern.compile("1"));
        variables.put("TF_WORKSPACE", ToolGrammar.WORKSPACE);
        variables.put("PULUMI_SKIP_UPDATE_CHECK", Pattern.compile("true"));
        variables.put("PULUMI_EXPERIMENTAL", Pattern.compile("true"));
        return Map.copyOf(variables);
    }

    /**
     * What in {@code value} a shell would act on inside double quotes, or a launcher would expand; empty when
     * nothing. {@code doubledDollar}: a {@code $$} (a literal {@code $} as the launcher reads it) passes.
     */
    static Optional<String> unsafe(final String value, final boolean doubledDollar) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '$' && doubledDollar && i + 1 < value.length() && value.charAt(i + 1) == '$') {
                i++;
            } else if (c == '$') {
                return Optional.of("a '$' the launcher or a container's shell would expand");
            } else if (c == '`' || c == '\\' || c == '"' || c == '\'') {
                return Optional.of("a " + (c == '`' ? "backquote" : c == '\\' ? "backslash" : "quote")
                        + ", which a container's shell would act on");
            } else if (Character.isISOControl(c)) {
                return Optional.of("a control character");
            }
        }
        return Optional.empty();
    }

    /** A path argument as the process gets it, inside the step's directory. */
    private boolean insideStep(final String argument) {
        return unsafe(argument, true).isEmpty() && inside(unescaped(argument), stepDirectory);
    }

    private static String unescaped(final String argument) {
        return argument.replace("$$", "$");
    }

    /** A file under {@code root} (not the directory itself), by its absolute path. */
    private static boolean inside(final String path, final Path root) {
        return within(path, root) && !Path.of(path).normalize().equals(root);
    }

    /** {@code root} or a path under it, by its absolute path. */
    private static boolean within(final String path, final Path root) {
        try {
            Path candidate = Path.of(path);
            return candidate.isAbsolute() && candidate.normalize().startsWith(root);
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static Path normal(final String path) {
        return Path.of(path).toAbsolutePath().normalize();
    }

    private static Set<ToolGrammar> union(final Set<ToolGrammar> a, final Set<ToolGrammar> b) {
        Set<ToolGrammar> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }

    private static Map<String, String> escaped(final Map<String, String> environment) {
        Map<String, String> out = new TreeMap<>();
        environment.forEach((name, value) -> out.put(name, ToolCommand.escape(value)));
        return out;
    }

    /**
     * An argument as a refusal quotes it (a refusal is logged on the controller and goes back to the build): this
     * step's credential values masked first, then printable and cut.
     */
    String shown(final String argument) {
        String text = argument;
        for (String secret : secrets) {
            text = text.replace(ToolCommand.escape(secret), "****").replace(secret, "****");
        }
        StringBuilder out = new StringBuilder();
        text.codePoints().limit(SHOWN_LIMIT).forEach(c -> out.appendCodePoint(c < 0x20 || c > 0x7e ? '?' : c));
        return text.length() > SHOWN_LIMIT ? out + "..." : out.toString();
    }
}
