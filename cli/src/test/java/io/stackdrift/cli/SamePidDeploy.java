package io.stackdrift.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code stackdrift} in a process that first takes the pid of the runs whose deploy markers are in {@code RECORD}, as
 * a fresh pid namespace (a container CI job) gives the next run the pid of the run that was killed: each marker is
 * rewritten to this process's pid, with a start time a second before this process's own (another process of the pid).
 * Arguments: {@code RECORD COMMAND...}.
 */
public final class SamePidDeploy {
    private SamePidDeploy() {
    }

    public static void main(final String[] args) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ProcessHandle self = ProcessHandle.current();
        long started = self.info().startInstant().map(Instant::toEpochMilli).orElseThrow();
        try (DirectoryStream<Path> markers = Files.newDirectoryStream(Path.of(args[0]).resolve("deploying"), "*.json")) {
            for (Path marker : markers) {
                ObjectNode node = (ObjectNode) json.readTree(marker.toFile());
                node.put("pid", self.pid());
                node.put("pidStarted", started - 1000);
                json.writeValue(marker.toFile(), node);
            }
        }
        String[] command = new String[args.length - 1];
        System.arraycopy(args, 1, command, 0, command.length);
        System.exit(StackDriftCommand.execute(command));
    }
}
