package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Tool;
import io.stackdrift.spi.ToolSettings;

class ToolSettingsTest {
    @Test
    void defaultsAreTheToolNamesOnPathAndTenMinutes() {
        ToolSettings settings = ToolSettings.defaults();
        assertThat(settings.executable(Tool.TOFU)).isEqualTo("tofu");
        assertThat(settings.executable(Tool.PULUMI)).isEqualTo("pulumi");
        assertThat(settings.isConfigured(Tool.TERRAFORM)).isFalse();
        assertThat(settings.timeout()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void aConfiguredPathWinsForThatToolOnly() {
        ToolSettings settings = ToolSettings.defaults().withExecutable(Tool.TERRAFORM, "/opt/tf/1.9/terraform");
        assertThat(settings.executable(Tool.TERRAFORM)).isEqualTo("/opt/tf/1.9/terraform");
        assertThat(settings.isConfigured(Tool.TERRAFORM)).isTrue();
        assertThat(settings.executable(Tool.TOFU)).isEqualTo("tofu");
    }

    @Test
    void aBlankPathMeansNotSet() {
        assertThat(ToolSettings.defaults().withExecutable(Tool.TOFU, " ").executable(Tool.TOFU)).isEqualTo("tofu");
    }

    @Test
    void theTimeoutMustBePositive() {
        assertThatThrownBy(() -> ToolSettings.defaults().withTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThat(ToolSettings.defaults().withTimeout(Duration.ofMinutes(30)).timeout()).isEqualTo(Duration.ofMinutes(30));
    }
}
