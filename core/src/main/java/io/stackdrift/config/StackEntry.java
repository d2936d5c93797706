package io.stackdrift.config;

import java.util.List;

/**
 * One item of {@code stacks:} as written, before it is matched to discovered stacks.
 *
 * @param dir       the directory or glob, normalized ('/'-separated, no leading "./")
 * @param dirAt     where {@code dir} is written
 * @param name      the Pulumi stack / Terraform workspace, "" when the entry has none
 * @param settings  the entry's single-valued settings ({@code tool}, {@code drift.mode}, {@code credentials.VAR} …)
 * @param dependsOn the entry's {@code dependsOn}
 * @param ignore    its {@code drift.ignore} rules
 */
record StackEntry(String dir, Location dirAt, String name, Settings settings,
        DependsOn dependsOn, List<Setting<IgnoreRule>> ignore) {
    StackEntry {
        ignore = List.copyOf(ignore);
    }

    boolean isNamed() {
        return !name.isEmpty();
    }

    boolean isGlob() {
        return DirGlob.isGlob(dir);
    }

    /** {@code dependsOn} as written: a list of ids and/or the word {@code auto}. */
    record DependsOn(boolean auto, List<Setting<String>> ids, Location at) {
        static final DependsOn NONE = new DependsOn(false, List.of(), Location.NOWHERE);

        DependsOn {
            ids = List.copyOf(ids);
        }
    }
}
