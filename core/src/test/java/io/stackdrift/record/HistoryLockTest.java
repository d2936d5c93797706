package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.StackId;

/** The history's lock is given back: a write on one thread never keeps another thread's write waiting once it is done. */
class HistoryLockTest {
    @TempDir
    Path dir;

    @Test
    void aWriteOnAnotherThreadGoesOnOnceTheFirstIsDone() throws Exception {
        HistoryStore store = new HistoryStore(dir);
        ExecutorService first = Executors.newSingleThreadExecutor();
        ExecutorService second = Executors.newSingleThreadExecutor();
        try {
            // the lock is reentrant: only a second thread shows one that was never released
            first.submit(() -> store.markDeployStarted(StackId.of("network"), "1", 1L, DeployKind.DEPLOY)).get(30, TimeUnit.SECONDS);
            DeployMarker marker = second.submit(() -> store.markDeployStarted(StackId.of("app"), "1", 2L, DeployKind.DEPLOY))
                    .get(30, TimeUnit.SECONDS);
            assertThat(marker.stack()).isEqualTo(StackId.of("app"));
            assertThat(store.deploysInProgress()).hasSize(2);
        } finally {
            first.shutdownNow();
            second.shutdownNow();
        }
    }
}
