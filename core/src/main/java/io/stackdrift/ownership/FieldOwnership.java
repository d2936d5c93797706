package io.stackdrift.ownership;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.Tool;

/**
 * The steps of field ownership for one stack, in the order a run takes them (docs/field-ownership.md):
 * {@link OverrideFile#removeLeftovers} at the start, {@link #check} after {@code init}, then
 * {@link OverrideFile#write} around the plan and apply, and {@link OwnershipSplit#of} on the plan's drift.
 */
public final class FieldOwnership {
    /**
     * The verdict and what it was judged against (the override file needs the declarations).
     *
     * @param verdict      accepted paths and rejections
     * @param declarations the root module's resources
     */
    public record Checked(IgnoreEligibility.Verdict verdict, ResourceScanner.Result declarations) {
    }

    private FieldOwnership() {
    }

    /** Every ignore path of the stack's rules, as written. */
    public static List<String> ignorePaths(final StackConfig stack) {
        return stack.drift().ignoredPaths();
    }

    /**
     * Checks the stack's ignore paths. Pulumi stacks are judged without reading anything.
     *
     * @param stackDir     the stack's directory
     * @param schemaJson   the output of {@code providers schema -json} (streamed; only the named types are kept)
     * @param replacePaths {@code replace_paths} of the latest plan of the stack, by address (empty when none)
     */
    public static Checked check(final StackConfig stack, final Path stackDir, final InputStream schemaJson,
            final Map<String, List<String>> replacePaths) throws IOException {
        List<String> paths = ignorePaths(stack);
        if (stack.tool() == Tool.PULUMI) {
            return new Checked(IgnoreEligibility.pulumi(paths), new ResourceScanner.Result(Map.of(), Map.of(), List.of()));
        }
        ResourceScanner.Result declarations = ResourceScanner.scan(stackDir, stack.tool());
        Set<String> types = new LinkedHashSet<>();
        for (String path : paths) {
            IgnorePath.parse(path).ifPresent(p -> types.add(p.type()));
        }
        ProviderSchemas schemas = ProviderSchemas.read(schemaJson, types);
        return new Checked(IgnoreEligibility.check(stack.tool(), paths, declarations, schemas, replacePaths), declarations);
    }
}
