package io.stackdrift.tool;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The command lines of Pulumi (spec §4), as argument arrays for a process, never a shell line. Every
 * command names its stack with {@code --stack}, so nothing depends on the stack selected in the
 * directory (two stacks of one project may run at once).
 */
public final class PulumiCommands {
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

    /** The read-only drift check: a refresh that is only previewed, its digest on stdout. */
    public List<String> driftCheck(final String stack) {
        return of("refresh", "--preview-only", "--json", "--stack", stack);
    }

    /**
     * The deploy. Pulumi has no saved plan to apply, so the preview of this run is the review and the
     * update follows it at once; {@code --refresh} makes the update start from the real resources, as the
     * {@code preview --refresh} that was reviewed did, so drift shown there is put back.
     */
    public List<String> up(final String stack) {
        return of("up", "--yes", "--skip-preview", "--refresh", "--stack", stack);
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
