package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;

import org.junit.jupiter.api.Test;

class IoProblemTest {
    @Test
    void saysWhatAndWhereWhereTheJdkGaveOnlyAPathOrNothing() {
        assertThat(IoProblem.of(new NoSuchFileException("/repo/svc"))).isEqualTo("/repo/svc does not exist");
        assertThat(IoProblem.of(new AccessDeniedException("/repo/svc/.terraform"))).isEqualTo("/repo/svc/.terraform: permission denied");
        assertThat(IoProblem.of(new FileSystemException("/repo/a", "/repo/b", "Device or resource busy")))
                .isEqualTo("/repo/a → /repo/b: Device or resource busy");
        assertThat(IoProblem.of(new FileSystemLoopException("/repo/loop"))).isEqualTo("/repo/loop: file system loop (no further detail)");
        assertThat(IoProblem.of(new IOException((String) null))).isEqualTo("io (no further detail)");
        assertThat(IoProblem.of(new UncheckedIOException(new NoSuchFileException("/w/plan.json"))))
                .isEqualTo("/w/plan.json does not exist");
    }
}
