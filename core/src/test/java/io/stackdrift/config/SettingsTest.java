package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Tool;

class SettingsTest {
    private static final Location AT = new Location(3, 7);

    @Test
    void aKeyGivesBackItsOwnTypeWithWhereItWasWritten() {
        Settings.Builder builder = new Settings.Builder();
        builder.put(SettingKey.DRIFT_MODE, new Setting<>(DriftMode.CORRECT, AT));
        builder.put(SettingKey.REAPPLY, new Setting<>(Duration.ofMinutes(5), AT));
        Settings settings = builder.build();

        DriftMode mode = settings.get(SettingKey.DRIFT_MODE).orElseThrow().value();
        assertThat(mode).isEqualTo(DriftMode.CORRECT);
        assertThat(settings.get(SettingKey.REAPPLY).orElseThrow().at()).isEqualTo(AT);
        assertThat(settings.get(SettingKey.DRIFT_EVERY)).isEmpty();
        assertThat(settings.has(SettingKey.POLICY)).isFalse();
    }

    @Test
    void eachCredentialsVariableIsAKeyOfItsOwnAndKeysComeInNameOrder() {
        Settings.Builder builder = new Settings.Builder();
        builder.put(SettingKey.credentials("B_TOKEN"), new Setting<>("b-id", AT));
        builder.put(SettingKey.TOOL, new Setting<>(Tool.TOFU, AT));
        builder.put(SettingKey.credentials("A_TOKEN"), new Setting<>("a-id", AT));
        Settings settings = builder.build();

        assertThat(settings.keys()).extracting(SettingKey::name).containsExactly("credentials.A_TOKEN", "credentials.B_TOKEN", "tool");
        assertThat(settings.get(SettingKey.credentials("A_TOKEN")).orElseThrow().value()).isEqualTo("a-id");
        assertThat(SettingKey.credentials("A_TOKEN").shown()).isEqualTo("credentials A_TOKEN");
        assertThat(SettingKey.credentials("A_TOKEN").variable()).isEqualTo("A_TOKEN");
    }

    @Test
    void theFallbacksAreTheDocumentedDefaults() {
        assertThat(SettingKey.DRIFT_ENABLED.fallback()).contains(true);
        assertThat(SettingKey.DRIFT_MODE.fallback()).contains(DriftMode.REPORT);
        assertThat(SettingKey.DRIFT_EVERY.fallback()).contains(Duration.ofHours(24));
        assertThat(SettingKey.REAPPLY.fallback()).contains(Duration.ZERO);
        assertThat(SettingKey.POLICY.fallback()).contains(Policy.ON_CHANGE);
        assertThat(SettingKey.DRIFT_MAX_CHANGES.fallback()).contains(DriftSettings.NO_LIMIT);
        assertThat(SettingKey.DRIFT_ALLOW_REPLACE.fallback()).contains(false);
        // the tool is detected from the files, the parallelism from the agent's cores, outputs go nowhere
        assertThat(SettingKey.TOOL.fallback()).isEmpty();
        assertThat(SettingKey.PARALLELISM.fallback()).isEmpty();
        assertThat(SettingKey.OUTPUTS.fallback()).isEmpty();
    }
}
