package io.stackdrift.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.render.SecretMask;

class StepLogTest {
    @TempDir
    Path temp;

    @Test
    void eachLineIsMaskedAndWholeAndRowLinesCountStacksDone() throws Exception {
        StepDirectory dir = new StepDirectory(temp);
        StepLog log = new StepLog(dir, SecretMask.of(List.of("s3cr3t")), "Stack Drift: ");

        log.line("network: in sync — deployed");
        log.line("a note that quotes s3cr3t\nover two lines");
        log.line("app: failed — terraform plan failed");
        log.line("network: in sync — deployed");

        assertThat(Files.readAllLines(dir.log())).containsExactly("Stack Drift: network: in sync — deployed",
                "Stack Drift: a note that quotes **** over two lines", "Stack Drift: app: failed — terraform plan failed",
                "Stack Drift: network: in sync — deployed");
        assertThat(log.stacksDone()).isEqualTo(2);
    }
}
