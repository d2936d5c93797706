package io.stackdrift.tool;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The command lines of Pulumi (docs/tools.md, "Pulumi"), as argument arrays for a process, never a shell line. Every
 * command names its stack with {@code --stack}, so nothing depends on the stack selected in the
 * directory (two stacks of one project may run at once).
 */
public final class PulumiCommands {
    /**
     * Update plans ({@code preview --save-plan}, {@code up --plan}) came as an experimental feature (v3.24.1):
     * versions of that time saved an empty plan unless this was set (pulumi/pulumi#8889). It is given to the
     * commands that save or apply a plan; a stack's own environment can override it.
     */
    public static final Map<String, String> UPDATE_PLANS = Map.of("PULUMI_EXPERIMENTAL", "true");

    /** Pulumi exits with this after {@code --expect-no-changes} when changes were proposed (v3.226+). */
    public static final int EXIT_CHANGES_PROPOSED = 7;

    private final String executable;

    public PulumiCommands(final String executable) {
        this.executable = Objects.requireNonNull(executable, "executable");
    }

    /** The preview digest on stdout; {@code --refresh} first reads the real resources so drift shows too. */
    public List<String> preview(final String stack, final boolean refresh) {
        return refresh
                ? of("preview", "--json", "--refresh", "--stack", stack)
                : of("preview", "--json", "--stack", stack);
    }

    /**
     * The preview a deploy may follow: the digest on stdout, and the operations it proposes saved as an
     * update plan that the deploy is held to (docs/concepts.md, "Freshness").
     */
    public List<String> preview(final String stack, final boolean refresh, final Path planFile) {
        List<String> command = new ArrayList<>(preview(stack, refresh));
        command.addAll(List.of("--save-plan", planFile.toString()));
        return List.copyOf(command);
    }

    /** The read-only drift check: a refresh that is only previewed, its digest on stdout. */
    public List<String> driftCheck(final String stack) {
        return of("refresh", "--preview-only", "--json", "--stack", stack);
    }

    /**
     * The deploy, held to the update plan of this run's preview: Pulumi fails the update as soon as it would
     * do anything the plan does not allow, so nothing unreviewed is applied. {@code --skip-preview} because
     * that preview was the review; {@code --refresh} so that the update starts, like the reviewed
     * {@code preview --refresh}, from the real resources (without it, drift the plan puts back would look
     * already done and be left in place). {@code --json}: engine events on stdout, whose error diagnostics name the
     * resource a failure is about.
     */
    public List<String> up(final String stack, final Path planFile) {
        return of("up", "--yes", "--skip-preview", "--refresh", "--json", "--plan", planFile.toString(), "--stack", stack);
    }

    /**
     * The reviewed preview of a destroy: what {@code destroy} would delete, as a digest on stdout; changes nothing.
     * {@code pulumi destroy} takes no update plan ({@code --plan} is an option of {@code up} only), so this preview
     * cannot bind the destroy that follows; see {@link #destroy}.
     */
    public List<String> destroyPreview(final String stack) {
        return of("destroy", "--preview-only", "--json", "--stack", stack);
    }

    /**
     * The destroy, run only after {@link #destroyPreview} of the same stack in the same run. {@code --skip-preview}
     * because that preview was the review. Weaker than a saved plan: it deletes whatever the stack's state holds
     * when it runs (docs/tools.md, Freshness).
     */
    public List<String> destroy(final String stack) {
        return of("destroy", "--yes", "--skip-preview", "--json", "--stack", stack);
    }

    /** Outputs as JSON; secrets stay {@code "[secret]"}, their values are never read. */
    public List<String> outputs(final String stack) {
        return of("stack", "output", "--json", "--show-secrets=false", "--stack", stack);
    }

    public List<String> version() {
        return of("version");
    }

    /** A one-line meaning of a typed Pulumi exit code (v3.226+), for a failure whose stderr says nothing. */
    public static String meaning(final int exitCode) {
        return switch (exitCode) {
            case 2 -> "a configuration or flag error";
            case 3 -> "an authentication error";
            case 4 -> "a resource error";
            case 5 -> "a policy violation";
            case 6 -> "stack not found";
            case EXIT_CHANGES_PROPOSED -> "changes were proposed";
            case 8 -> "cancelled";
            case 9 -> "a timeout";
            case 255 -> "an internal error";
            default -> "an error";
        };
    }

    private List<String> of(final String... arguments) {
        List<String> command = new ArrayList<>(arguments.length + 1);
        command.add(executable);
        command.addAll(List.of(arguments));
        return List.copyOf(command);
    }
}
