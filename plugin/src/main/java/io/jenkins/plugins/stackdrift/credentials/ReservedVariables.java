package io.jenkins.plugins.stackdrift.credentials;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Environment variables that decide which program runs or what a shell does before it runs it: the loader's
 * ({@code LD_PRELOAD}, {@code DYLD_INSERT_LIBRARIES}, ...), the shell's ({@code BASH_ENV}, {@code ENV}, {@code IFS},
 * ...), {@code PATH}, and the cookie Jenkins finds a build's processes by. A stack's credentials never bind one, and
 * the controller never lets an agent set one for a tool process (only the build's own value passes).
 */
public final class ReservedVariables {
    private static final Set<String> NAMES = Set.of("PATH", "BASH_ENV", "ENV", "IFS", "CDPATH", "SHELLOPTS", "BASHOPTS",
            "PS4", "PROMPT_COMMAND", "JENKINS_SERVER_COOKIE", "HOME", "SHELL");
    private static final List<String> PREFIXES = List.of("LD_", "DYLD_", "BASH_FUNC_");

    private ReservedVariables() {
    }

    public static boolean reserved(final String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return NAMES.contains(upper) || PREFIXES.stream().anyMatch(upper::startsWith);
    }
}
