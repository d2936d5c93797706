package io.stackdrift.local;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which machine a process runs on, as far as its pid goes: two processes with the same {@link #id()} see the same
 * process behind a pid. On Linux that is the kernel's boot id and the pid namespace (two containers of one host share
 * the boot, not the pids; a host name may be shared by both); elsewhere the host name.
 */
final class Machine {
    private static final String ID = readId();
    private static final String HOST = readHost();

    private Machine() {
    }

    /** This machine and pid namespace; empty when it cannot be told (then no pid of another process is judged). */
    static String id() {
        return ID;
    }

    /** The host name, for messages only; empty when unknown. */
    static String host() {
        return HOST;
    }

    private static String readId() {
        Optional<String> boot = read(Path.of("/proc/sys/kernel/random/boot_id"));
        if (boot.isPresent()) {
            try {
                return "boot " + boot.get() + " " + Files.readSymbolicLink(Path.of("/proc/self/ns/pid"));
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                return ""; // a Linux that hides its pid namespace: pids of others are not judged
            }
        }
        String host = readHost();
        return host.isEmpty() ? "" : "host " + host;
    }

    private static String readHost() {
        Optional<String> linux = read(Path.of("/proc/sys/kernel/hostname"));
        if (linux.isPresent()) {
            return linux.get();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException | SecurityException e) {
            return "";
        }
    }

    private static Optional<String> read(final Path file) {
        try {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).strip();
            return text.isEmpty() || text.length() > 256 ? Optional.empty() : Optional.of(text);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
