package io.stackdrift.config;

import java.util.List;

/**
 * What the files of one directory say about it (docs/configuration.md, "Discovery"), before stacks.yaml is applied.
 *
 * @param dir             '/'-separated, relative to the repository root ("." for the root)
 * @param pulumiProject   the {@code name:} in Pulumi.yaml; "" when this is not a Pulumi project
 * @param pulumiStacks    the stacks that have a {@code Pulumi.<stack>.yaml} beside Pulumi.yaml
 * @param terraformFiles  it has {@code *.tf} or {@code *.tofu} files
 * @param rootModule      they declare a {@code terraform {}} block or a backend, or a lock file is present
 * @param openTofu        the lock file names registry.opentofu.org, or there are {@code *.tofu} files
 * @param underModules    a directory on its path is called {@code modules}
 */
record ProjectDirectory(String dir, String pulumiProject, List<String> pulumiStacks, boolean terraformFiles,
        boolean rootModule, boolean openTofu, boolean underModules) {
    ProjectDirectory {
        pulumiStacks = List.copyOf(pulumiStacks);
    }

    boolean isPulumi() {
        return !pulumiProject.isEmpty();
    }
}
