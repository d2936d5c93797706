package io.jenkins.plugins.stackdrift.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * The closed set of command lines the engine runs, per tool, as the controller's {@link LaunchPolicy} accepts them
 * from an agent: every flag literal, in the engine's order, and three kinds of values: a file inside the step's
 * directory ({@code {file}}, also after a literal prefix such as {@code -out=}), a Terraform workspace name
 * ({@code {workspace}}) and a Pulumi stack name ({@code {stack}}). Written out here, not derived from the engine's
 * command builders, so that a flag an adapter starts to pass fails the policy's tests until it is added here.
 */
final class ToolGrammar {
    /** Terraform and OpenTofu take the same command lines. */
    static final ToolGrammar TERRAFORM_FAMILY = new ToolGrammar("terraform or tofu", List.of(
            "init -input=false",
            "init -input=false -json",
            "workspace list",
            "workspace new {workspace}",
            "plan -input=false -json -out={file} -detailed-exitcode",
            "plan -refresh-only -input=false -json -out={file} -detailed-exitcode",
            "plan -destroy -input=false -json -out={file} -detailed-exitcode",
            "show -json {file}",
            "apply -input=false -json {file}",
            "output -json",
            "providers schema -json",
            "version -json"));
    static final ToolGrammar PULUMI = new ToolGrammar("pulumi", List.of(
            "preview --json --stack {stack}",
            "preview --json --refresh --stack {stack}",
            "preview --json --stack {stack} --save-plan {file}",
            "preview --json --refresh --stack {stack} --save-plan {file}",
            "refresh --preview-only --json --stack {stack}",
            "up --yes --skip-preview --refresh --json --plan {file} --stack {stack}",
            "destroy --preview-only --json --stack {stack}",
            "destroy --yes --skip-preview --json --stack {stack}",
            "stack output --json --show-secrets=false --stack {stack}",
            "version"));
    /** Only the file listing of a stack's digest (the core's {@code tool.GitFiles}). */
    static final ToolGrammar GIT = new ToolGrammar("git", List.of("ls-files -z --cached --others --exclude-standard"));
    static final List<ToolGrammar> ALL = List.of(TERRAFORM_FAMILY, PULUMI, GIT);

    /** A Terraform workspace: the names {@code stacks.yaml} accepts for a stack. */
    static final Pattern WORKSPACE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    /** A Pulumi stack, also fully qualified ({@code org/project/stack}). */
    static final Pattern PULUMI_STACK = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*(/[A-Za-z0-9][A-Za-z0-9_.-]*){0,2}");

    private static final String FILE = "{file}";
    private static final String WORKSPACE_SLOT = "{workspace}";
    private static final String STACK_SLOT = "{stack}";

    private final String words;
    private final List<List<String>> forms;

    private ToolGrammar(final String words, final List<String> forms) {
        this.words = words;
        List<List<String>> split = new ArrayList<>();
        forms.forEach(form -> split.add(List.of(form.split(" "))));
        this.forms = List.copyOf(split);
    }

    /** The command lines, as written above (for the docs and the tests). */
    List<String> forms() {
        return forms.stream().map(form -> String.join(" ", form)).toList();
    }

    /**
     * Why {@code arguments} (after the executable, each {@code $} doubled as the launcher needs it) is not one of this
     * tool's command lines; empty when it is.
     *
     * @param insideStep whether an argument is a file inside the step's directory
     * @param shown      an argument as a reason may quote it
     */
    Optional<String> mismatch(final List<String> arguments, final Predicate<String> insideStep,
            final UnaryOperator<String> shown) {
        int best = -1;
        List<String> closest = List.of();
        for (List<String> form : forms) {
            int matched = matched(form, arguments, insideStep);
            if (matched == form.size() && matched == arguments.size()) {
                return Optional.empty();
            }
            if (matched > best) {
                best = matched;
                closest = form;
            }
        }
        if (best <= 0) {
            String verb = arguments.isEmpty() ? "no command" : "'" + shown.apply(arguments.get(0)) + "'";
            return Optional.of(verb + " is not a " + words + " command Stack Drift runs");
        }
        String command = words + " " + String.join(" ", closest.subList(0, verbLength(closest)));
        if (best < arguments.size() && best < closest.size()) {
            return Optional.of("argument " + (best + 1) + " of " + command + " ('" + shown.apply(arguments.get(best))
                    + "') is not " + expected(closest.get(best)));
        }
        if (best < arguments.size()) {
            return Optional.of(command + " takes no argument '" + shown.apply(arguments.get(best)) + "' after "
                    + String.join(" ", closest));
        }
        return Optional.of(command + " lacks " + expected(closest.get(best)));
    }

    /** How many leading arguments fit the form. */
    private static int matched(final List<String> form, final List<String> arguments, final Predicate<String> insideStep) {
        int n = 0;
        while (n < form.size() && n < arguments.size() && fits(form.get(n), arguments.get(n), insideStep)) {
            n++;
        }
        return n;
    }

    private static boolean fits(final String token, final String argument, final Predicate<String> insideStep) {
        if (token.endsWith(FILE)) {
            String prefix = token.substring(0, token.length() - FILE.length());
            return argument.startsWith(prefix) && insideStep.test(argument.substring(prefix.length()));
        }
        if (token.equals(WORKSPACE_SLOT)) {
            return WORKSPACE.matcher(argument).matches();
        }
        if (token.equals(STACK_SLOT)) {
            return PULUMI_STACK.matcher(argument).matches();
        }
        return token.equals(argument);
    }

    /** The verb: the words before the first flag or value ({@code workspace new}, {@code stack output}). */
    private static int verbLength(final List<String> form) {
        int n = 0;
        while (n < form.size() && !form.get(n).startsWith("-") && !form.get(n).startsWith("{")) {
            n++;
        }
        return Math.max(1, n);
    }

    private static String expected(final String token) {
        if (token.endsWith(FILE)) {
            String prefix = token.substring(0, token.length() - FILE.length());
            return (prefix.isEmpty() ? "" : "'" + prefix + "' and ") + "a file inside the step's directory";
        }
        if (token.equals(WORKSPACE_SLOT)) {
            return "a workspace name (letters, digits, '.', '_', '-')";
        }
        if (token.equals(STACK_SLOT)) {
            return "a Pulumi stack name";
        }
        return "'" + token + "'";
    }
}
