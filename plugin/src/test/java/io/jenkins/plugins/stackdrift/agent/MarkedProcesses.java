package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The processes of this machine by their environment, as core's {@code ProcessTree.killAll(Map)} and the container
 * steps' kill find them: {@code /proc/PID/environ} (Linux; elsewhere nothing is found). What a test reads here is
 * the environment the tool process really has, after the launcher and the wrapper's {@code exec}.
 */
public final class MarkedProcesses {
    private MarkedProcesses() {
    }

    /** The live processes whose environment holds every one of {@code variables}. */
    public static List<ProcessHandle> find(final Map<String, String> variables) {
        Set<String> wanted = variables.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.toSet());
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).filter(p -> environment(p.pid()).containsAll(wanted))
                .toList();
    }

    /** Kills them (as the killers do, the whole lot, not the launch alone). */
    public static void kill(final Map<String, String> variables) {
        find(variables).forEach(ProcessHandle::destroyForcibly);
    }

    /** Whether any process still carries the variables (a killed one may take a moment to go). */
    public static boolean anyAlive(final Map<String, String> variables, final long waitMillis) throws InterruptedException {
        long deadline = System.nanoTime() + waitMillis * 1_000_000;
        while (!find(variables).isEmpty()) {
            if (System.nanoTime() > deadline) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    private static Set<String> environment(final long pid) {
        try {
            byte[] bytes = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
            return Set.copyOf(Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\0")));
        } catch (IOException | SecurityException e) {
            return Set.of();
        }
    }
}
