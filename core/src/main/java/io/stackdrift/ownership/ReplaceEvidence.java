package io.stackdrift.ownership;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.stackdrift.config.StackConfig;
import io.stackdrift.digest.FileLister;
import io.stackdrift.digest.StackDigest;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.RowState;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.StackCall;
import io.stackdrift.tool.StackPlan;
import io.stackdrift.tool.ToolAdapter;

/**
 * The evidence rule 2 of field ownership needs (docs/field-ownership.md): the {@code replace_paths} of a plan made
 * <em>without</em> the override file, which is the one plan that can still show a change of an ignored path
 * forcing a replacement. One such plan per stack digest in a run: a drift check and its repair, or the previews of
 * one unchanged stack, share it. The cache lives as long as the run (one instance per run); it is not kept across
 * runs, since the engine writes no history of its own (docs/engine.md, "Field ownership in a run").
 */
public final class ReplaceEvidence {
    /**
     * What the tool said, or why it could not be asked.
     *
     * @param replacePaths resource address → paths whose change forces replacement
     * @param failure      why there is no evidence; empty when there is
     */
    public record Found(Map<String, List<String>> replacePaths, String failure) {
        public Found {
            replacePaths = Map.copyOf(replacePaths);
            failure = Objects.requireNonNullElse(failure, "");
        }

        static Found failed(final String why) {
            return new Found(Map.of(), "cannot check the ignore paths against replacements (rule 2 needs a plan without them): "
                    + why);
        }

        public boolean failed() {
            return !failure.isEmpty();
        }
    }

    private final List<StackConfig> stacks;
    private final FileLister files;
    private final Map<String, Map<String, List<String>>> byDigest = new ConcurrentHashMap<>();

    /**
     * @param stacks every stack of the configuration (a stack's digest leaves out the stacks nested in it)
     * @param files which files of a directory the digest covers (git's list), as the run's deploys digest them
     */
    public ReplaceEvidence(final List<StackConfig> stacks, final FileLister files) {
        this.stacks = List.copyOf(stacks);
        this.files = files;
    }

    /**
     * The {@code replace_paths} of the stack as its files are now: remembered ones for the same digest, else a probe
     * plan's ({@link ToolAdapter#replaceProbe}), made while this run holds the directory and no override file is in it.
     */
    @SuppressWarnings("try") // the directory is held while the try holds it: the hold is never named in the body
    public Found of(final ToolAdapter adapter, final StackCall call, final PlanPurpose purpose) throws InterruptedException {
        StackConfig stack = call.stack();
        String key;
        try {
            // the tool version is the same for the whole run, so it is left out of this run-local key
            key = stack.id().value() + "\n" + StackDigest.compute(call.repositoryRoot(), stack, stacks, "", files);
        } catch (IOException e) {
            return Found.failed("the stack's digest cannot be computed: " + e.getMessage());
        }
        Map<String, List<String>> known = byDigest.get(key);
        if (known != null) {
            return new Found(known, "");
        }
        Path dir = call.directory();
        Optional<DirectoryHold> hold;
        try {
            hold = DirectoryHold.tryHold(dir);
        } catch (IOException e) {
            return Found.failed("cannot hold the stack directory " + dir + ": " + IoProblem.of(e));
        }
        if (hold.isEmpty()) {
            return Found.failed("another run (" + DirectoryHold.holderOf(dir) + ") works in " + dir.getFileName() + " right now");
        }
        try (DirectoryHold held = hold.get()) {
            if (Files.exists(dir.resolve(OverrideFile.FILE_NAME))) {
                // a plan with an override in place would hide exactly the replacement it is made to find
                return Found.failed(OverrideFile.FILE_NAME + " is in " + dir.getFileName());
            }
            StackPlan probe = adapter.replaceProbe(call, purpose);
            if (probe.row().state() == RowState.FAILED) {
                return Found.failed(probe.row().reason());
            }
            byDigest.put(key, probe.replacePaths());
            return new Found(probe.replacePaths(), "");
        }
    }
}
