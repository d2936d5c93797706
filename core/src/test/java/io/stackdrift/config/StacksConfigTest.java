package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class StacksConfigTest {
    private static StackConfig stack(final String id) {
        return new StackConfig(StackId.of(id), Tool.TERRAFORM, id, "", List.of(), false,
                new DriftSettings(true, DriftMode.REPORT, Duration.ofHours(6), List.of()), Duration.ZERO, Policy.ON_CHANGE, Map.of(),
                Optional.empty());
    }

    private static StacksConfig config(final List<StackConfig> stacks) {
        return new StacksConfig(Path.of("stacks.yaml"), Path.of("."), 4, stacks, List.of());
    }

    @Test
    void findsEveryStackOfASortedListAndNoneThatIsMissing() {
        List<StackConfig> stacks = new ArrayList<>();
        for (int i = 0; i < 257; i++) {
            stacks.add(stack(String.format("s%04d", i)));
        }
        StacksConfig config = config(stacks);

        for (StackConfig each : stacks) {
            assertThat(config.stack(each.id())).containsSame(each);
        }
        assertThat(config.stack(StackId.of("s0100a"))).isEmpty();
        assertThat(config.stack(StackId.of("a"))).isEmpty();
        assertThat(config.stack(StackId.of("z"))).isEmpty();
        assertThat(config(List.of()).stack(StackId.of("a"))).isEmpty();
    }

    @Test
    void aListNotSortedByIdIsStillAnswered() {
        StackConfig app = stack("shop-app:prod");
        StackConfig network = stack("network");
        StackConfig db = stack("db");
        StacksConfig config = config(List.of(app, network, db));

        assertThat(config.stack(StackId.of("shop-app:prod"))).containsSame(app);
        assertThat(config.stack(StackId.of("network"))).containsSame(network);
        assertThat(config.stack(StackId.of("db"))).containsSame(db);
        assertThat(config.stack(StackId.of("cache"))).isEmpty();
    }
}
