package io.stackdrift.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.Outputs;
import io.stackdrift.tool.StackOutput;

class OutputsFileTest {
    private static final List<StackOutput> OUTPUTS = List.of(new StackOutput("vpc_id", TextNode.valueOf("vpc-1"), false),
            new StackOutput("count", IntNode.valueOf(3), false), new StackOutput("token", TextNode.valueOf("t0k3n"), true));

    @TempDir
    Path dir;

    @Test
    void sensitiveOutputsAreLeftOutUnlessAskedFor() throws Exception {
        Path file = dir.resolve("out/net.json");

        OutputsFile.write(file, new Outputs("out/net.json", false), OUTPUTS);

        assertThat(Files.readString(file)).contains("\"vpc_id\" : \"vpc-1\"", "\"count\" : 3").doesNotContain("token")
                .doesNotContain("t0k3n");
        assertThat(OutputsFile.expectedKeys(new Outputs("x", false), OUTPUTS)).containsExactly("vpc_id", "count");
        assertThat(OutputsFile.expectedKeys(new Outputs("x", true), OUTPUTS)).containsExactly("vpc_id", "count", "token");
    }

    @Test
    void sensitiveValuesAreWrittenWhenTheStackAllowsIt() throws Exception {
        Path file = dir.resolve("net.json");

        OutputsFile.write(file, new Outputs("net.json", true), OUTPUTS);

        assertThat(Files.readString(file)).contains("t0k3n");
        assertThat(dir.toFile().list()).containsExactly("net.json");
    }

    @Test
    void holdsKeysOnlyForAJsonObjectWithExactlyTheExpectedKeys() throws Exception {
        Path file = dir.resolve("net.json");
        assertThat(OutputsFile.holdsKeys(file, Set.of("vpc_id"))).isFalse();
        Files.writeString(file, "{\"vpc_id\": 1}");
        assertThat(OutputsFile.holdsKeys(file, Set.of("vpc_id"))).isTrue();
        assertThat(OutputsFile.holdsKeys(file, Set.of("vpc_id", "count"))).isFalse();
        Files.writeString(file, "{\"vpc_id\": 1, \"old\": 2}");
        assertThat(OutputsFile.holdsKeys(file, Set.of("vpc_id"))).isFalse();
        Files.writeString(file, "[\"vpc_id\"]");
        assertThat(OutputsFile.holdsKeys(file, Set.of("vpc_id"))).isFalse();
        Files.writeString(file, "{\"vpc_id\": ");
        assertThat(OutputsFile.holdsKeys(file, Set.of("vpc_id"))).isFalse();
    }
}
