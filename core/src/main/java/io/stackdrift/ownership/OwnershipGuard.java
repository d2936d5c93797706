package io.stackdrift.ownership;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DriftReverts;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.Tool;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.StackCall;
import io.stackdrift.tool.ToolAdapter;
import io.stackdrift.tool.ToolRun;

/**
 * Field ownership around a plan (docs/field-ownership.md): the stack's ignore paths are checked against the
 * provider schema, then the override file is in place while the plan (and apply) runs, and the drift on owned
 * paths is split off the row.
 */
public final class OwnershipGuard {
    /** Work that runs with the accepted ignore paths in force. */
    @FunctionalInterface
    public interface OwnedWork<T> {
        T run(List<IgnorePath> accepted) throws InterruptedException;
    }

    private OwnershipGuard() {
    }

    /**
     * Runs {@code work} with the stack's ignore paths enforced: schema check, then (Terraform/OpenTofu) the
     * {@code replace_paths} of a plan made without the override file ({@link ReplaceEvidence}, once per digest in a run)
     * for rule 2, then the override file around the plan and apply. Any rejection fails the stack through
     * {@code failed}; nothing is planned then.
     *
     * @param adapter   the run's adapter of the stack's tool (reads the provider schema, makes the probe plan)
     * @param call      the stack's calls, in the work directory for the schema and the probe plan
     * @param evidence  the run's replace_paths evidence
     * @param purpose   what {@code work} plans (a probe creates a missing workspace only for a preview)
     */
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    public static <T> T withOwnership(final ToolAdapter adapter, final StackCall call, final ReplaceEvidence evidence,
            final PlanPurpose purpose, final Function<String, T> failed, final OwnedWork<T> work) throws InterruptedException {
        StackConfig stack = call.stack();
        List<String> paths = FieldOwnership.ignorePaths(stack);
        if (paths.isEmpty()) {
            return work.run(List.of());
        }
        Path dir = call.directory();
        FieldOwnership.Checked checked;
        try {
            if (stack.tool() == Tool.PULUMI) {
                checked = FieldOwnership.check(stack, dir, InputStream.nullInputStream(), Map.of());
            } else {
                ToolRun schema = adapter.providersSchema(call);
                if (!schema.succeeded() || schema.output().isEmpty()) {
                    return failed.apply("cannot check the ignore paths: " + schema.reason());
                }
                checked = check(stack, dir, schema.output().get(), Map.of());
                if (checked.verdict().allAccepted()) {
                    // rule 2: the schema never says what forces replacement; a plan without the override does
                    ReplaceEvidence.Found found = evidence.of(adapter, call.in(call.workDir().resolve("replace-probe")), purpose);
                    if (found.failed()) {
                        return failed.apply(found.failure());
                    }
                    if (!found.replacePaths().isEmpty()) {
                        checked = check(stack, dir, schema.output().get(), found.replacePaths());
                    }
                }
            }
        } catch (IOException e) {
            return failed.apply("cannot check the ignore paths of " + dir + ": " + IoProblem.of(e));
        }
        if (!checked.verdict().allAccepted()) {
            return failed.apply(checked.verdict().rejections().stream().map(Rejection::format).collect(Collectors.joining("; ")));
        }
        try (OverrideFile override = OverrideFile.write(dir, checked.verdict().accepted(), checked.declarations())) {
            return work.run(checked.verdict().accepted());
        } catch (OverrideFile.RefusedException e) {
            return failed.apply(e.getMessage());
        } catch (IOException e) {
            return failed.apply("cannot write " + OverrideFile.FILE_NAME + " in " + dir + ": " + IoProblem.of(e));
        }
    }

    private static FieldOwnership.Checked check(final StackConfig stack, final Path dir, final Path schema,
            final Map<String, List<String>> replacePaths) throws IOException {
        try (InputStream in = Files.newInputStream(schema)) {
            return FieldOwnership.check(stack, dir, in, replacePaths);
        }
    }

    /** Drift on owned paths moves to {@code ownedElsewhere}; the state follows what remains. */
    public static Row split(final Row row, final List<IgnorePath> accepted) {
        if (accepted.isEmpty() || row.drift().isEmpty()) {
            return row;
        }
        OwnershipSplit split = OwnershipSplit.of(row.drift(), accepted);
        RowState state = row.state().hasDrift() || row.state() == RowState.IN_SYNC || row.state() == RowState.PENDING
                ? RowState.of(DriftReverts.of(split.drift()).anyBeyond(row.changes()), !split.drift().isEmpty())
                : row.state();
        ChangeList owned = row.ownedElsewhere().isEmpty() ? split.ownedElsewhere()
                : row.ownedElsewhere().derived().addAll(row.ownedElsewhere()).addAll(split.ownedElsewhere()).build();
        return row.withDrift(split.drift()).withOwnedElsewhere(owned).withState(state, row.reason());
    }
}
