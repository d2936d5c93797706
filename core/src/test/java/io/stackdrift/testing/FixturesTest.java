package io.stackdrift.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

import io.stackdrift.testing.Fixtures.WhenMissing;

/** The rule for missing shared fixtures: skipped with a message by default, failed when the project's switch says so. */
class FixturesTest {
    @TempDir
    Path dir;

    @Test
    void withTheSwitchOnAMissingSharedFolderFailsTheTestNamingTheFolderAndTheSwitch() {
        Path missing = dir.resolve("shared");

        assertThatThrownBy(() -> Fixtures.shared(missing, WhenMissing.FAIL)).isInstanceOf(AssertionError.class)
                .hasMessageContaining(missing.resolve("fixtures").toString())
                .hasMessageEndingWith("; STACKDRIFT_REQUIRE_FIXTURES=1 requires it");
    }

    @Test
    void withTheSwitchOffAMissingSharedFolderSkipsTheTestNamingTheFolderAndTheSwitch() {
        Path missing = dir.resolve("shared");

        assertThatThrownBy(() -> Fixtures.shared(missing, WhenMissing.SKIP)).isInstanceOf(TestAbortedException.class)
                .hasMessageContaining(missing.resolve("fixtures").toString())
                .hasMessageContaining("skipped (STACKDRIFT_REQUIRE_FIXTURES=1 makes this a failure)");
    }

    @Test
    void aPresentSharedFolderIsReturnedWhateverTheSwitch() throws IOException {
        Path shared = Files.createDirectories(dir.resolve("shared/fixtures")).getParent();

        assertThat(Fixtures.shared(shared, WhenMissing.FAIL)).isEqualTo(shared);
        assertThat(Fixtures.shared(shared, WhenMissing.SKIP)).isEqualTo(shared);
    }

    @Test
    void theSwitchIsTheProjectsOwnVariableOrItsPropertyNeverCi() {
        assertThat(WhenMissing.of(null, null)).isEqualTo(WhenMissing.SKIP);
        assertThat(WhenMissing.of("1", null)).isEqualTo(WhenMissing.FAIL);
        assertThat(WhenMissing.of("true", null)).isEqualTo(WhenMissing.FAIL);
        assertThat(WhenMissing.of(null, "true")).isEqualTo(WhenMissing.FAIL);
        assertThat(WhenMissing.of("0", null)).isEqualTo(WhenMissing.SKIP);
        assertThat(WhenMissing.of("", "false")).isEqualTo(WhenMissing.SKIP);
        // a value that is neither on nor off is a mistake, never read as one of them
        assertThatThrownBy(() -> WhenMissing.of("yes please", null)).isInstanceOf(AssertionError.class)
                .hasMessage("STACKDRIFT_REQUIRE_FIXTURES is 'yes please': set it to 1 (missing test data fails the tests) or 0 (they "
                        + "are skipped)");
        assertThatThrownBy(() -> WhenMissing.of(null, "2")).hasMessageStartingWith("stackdrift.requireFixtures is '2'");
    }

    @Test
    void aMissingPrerequisiteFollowsTheSameRule() {
        assertThatThrownBy(() -> Fixtures.missing("no Chromium at /usr/bin/chromium", WhenMissing.FAIL))
                .isInstanceOf(AssertionError.class)
                .hasMessage("no Chromium at /usr/bin/chromium; STACKDRIFT_REQUIRE_FIXTURES=1 requires it");
        assertThatThrownBy(() -> Fixtures.missing("no Chromium at /usr/bin/chromium", WhenMissing.SKIP))
                .isInstanceOf(TestAbortedException.class)
                .hasMessage("no Chromium at /usr/bin/chromium: skipped (STACKDRIFT_REQUIRE_FIXTURES=1 makes this a failure)");
    }

    @Test
    void theGeneratedFilesAreAlwaysThereAndAMissingOneFailsNeverSkips() {
        assertThat(Fixtures.terraformFiles()).contains("version.json", "providers-schema.json", "lifecycle/2-changes.plan.json");
        assertThat(Fixtures.terraform("lifecycle/2-changes.plan.json")).isRegularFile();
        assertThatThrownBy(() -> Fixtures.terraform("no/such.plan.json")).isInstanceOf(AssertionError.class)
                .hasMessageContaining("terraform-1.11.4/no/such.plan.json");
    }
}
