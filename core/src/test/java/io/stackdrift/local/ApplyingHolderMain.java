package io.stackdrift.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.StackId;
import io.stackdrift.record.ProcessOwner;
import io.stackdrift.record.ToolProcessLog;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.spi.StackLock;

/**
 * A run for {@link FileStackLocksTest} to kill with {@code kill -9}: takes the lock of a stack, starts a "tool"
 * ({@code sleep SECONDS}) through the process runner that notes it in the tool process log, says APPLYING and
 * waits for the tool. Arguments: lock directory, stack id, tool process log directory, seconds, work directory.
 */
public final class ApplyingHolderMain {
    private ApplyingHolderMain() {
    }

    @SuppressWarnings("try") // held while the try holds it, never named in the body
    public static void main(final String[] args) throws Exception {
        ToolProcessLog log = new ToolProcessLog(Path.of(args[2]));
        FileStackLocks locks = new FileStackLocks(Path.of(args[0]), Duration.ofSeconds(5), line -> { }, log);
        try (StackLock lock = locks.acquire(StackId.of(args[1]), "deploy")) {
            Thread tool = new Thread(() -> {
                try {
                    new LocalProcessRunner(log).run(new ProcessSpec(List.of("sleep", args[3]), Path.of(args[4]), Map.of(),
                            Duration.ofMinutes(1), Path.of(args[4]).resolve("apply.log")));
                } catch (Exception e) {
                    System.out.println("FAILED " + e);
                }
            });
            tool.start();
            while (log.liveProcessesOf(ProcessOwner.current()).isEmpty()) {
                Thread.sleep(10);
            }
            System.out.println("APPLYING");
            System.out.flush();
            tool.join();
        }
    }
}
