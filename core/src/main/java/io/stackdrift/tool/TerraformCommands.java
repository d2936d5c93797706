package io.stackdrift.tool;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The command lines of Terraform and OpenTofu (docs/tools.md), as argument arrays for a process, never a shell
 * line. Both tools take the same arguments; only the executable differs.
 */
public final class TerraformCommands {
    private final String executable;

    public TerraformCommands(final String executable) {
        this.executable = Objects.requireNonNull(executable, "executable");
    }

    /** {@code init -input=false}: never prompt, a missing input is an error instead. */
    public List<String> init() {
        return of("init", "-input=false");
    }

    /**
     * {@code init} once more with {@code -json}, after a failed one, for its error diagnostic (Terraform since 1.9);
     * a tool without a JSON view of init fails again without one, and the exit code stays the reason.
     */
    public List<String> initJson() {
        return of("init", "-input=false", "-json");
    }

    /** The workspaces, one per line; the selected one after {@code * }. */
    public List<String> listWorkspaces() {
        return of("workspace", "list");
    }

    /**
     * Creates a workspace. Run with {@code TF_WORKSPACE} naming it ({@code workspace select} refuses to run while the
     * variable is set); the workspace every process uses comes from that variable, never from a selection.
     */
    public List<String> newWorkspace(final String workspace) {
        return of("workspace", "new", workspace);
    }

    /**
     * The plan of a preview, drift check or destroy, saved to {@code planFile}; exit 0 nothing, 2 changes/drift,
     * 1 failure. A destroy plan is applied like any saved plan ({@link #apply}): the file says it destroys.
     * {@code -json}: stdout is the machine-readable UI, whose diagnostics give a failure's reason (summary only).
     */
    public List<String> plan(final PlanPurpose purpose, final Path planFile) {
        return switch (purpose) {
            case DRIFT_CHECK -> of("plan", "-refresh-only", "-input=false", "-json", "-out=" + planFile, "-detailed-exitcode");
            case DESTROY -> of("plan", "-destroy", "-input=false", "-json", "-out=" + planFile, "-detailed-exitcode");
            case PREVIEW -> of("plan", "-input=false", "-json", "-out=" + planFile, "-detailed-exitcode");
        };
    }

    /** The saved plan as JSON on stdout (the plan representation, one line). */
    public List<String> show(final Path planFile) {
        return of("show", "-json", planFile.toString());
    }

    /** Applies exactly the saved plan; a saved plan is never prompted for. {@code -json} as for {@link #plan}. */
    public List<String> apply(final Path planFile) {
        return of("apply", "-input=false", "-json", planFile.toString());
    }

    public List<String> output() {
        return of("output", "-json");
    }

    public List<String> providersSchema() {
        return of("providers", "schema", "-json");
    }

    public List<String> version() {
        return of("version", "-json");
    }

    private List<String> of(final String... arguments) {
        List<String> command = new ArrayList<>(arguments.length + 1);
        command.add(executable);
        command.addAll(List.of(arguments));
        return List.copyOf(command);
    }
}
