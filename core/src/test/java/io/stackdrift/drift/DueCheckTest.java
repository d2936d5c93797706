package io.stackdrift.drift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.CheckDecision.Action;
import io.stackdrift.drift.DueCheck.Input;
import io.stackdrift.drift.DueCheck.Trigger;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Timing;
import io.stackdrift.model.Tool;
import io.stackdrift.record.StackStatus;

class DueCheckTest {
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    static StackConfig stack(final String dir, final boolean enabled, final DriftMode mode, final Duration every) {
        return new StackConfig(StackId.of(dir), Tool.TOFU, dir, "", List.of(), false,
                new DriftSettings(enabled, mode, every, List.of()), Duration.ofMinutes(60), Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    static StackStatus status(final String id, final RowState state, final Duration checkedAgo, final int failures) {
        long checkedAt = NOW.minus(checkedAgo).toEpochMilli();
        return new StackStatus(StackId.of(id), 1, "1", state, checkedAt, failures, failures > 0 ? checkedAt : 0, List.of(), "", 0);
    }

    private static CheckDecision one(final StackConfig stack, final Input input) {
        return DueCheck.decide(List.of(stack), input).get(0);
    }

    private static Input scheduled(final StackStatus... statuses) {
        return new Input(Trigger.SCHEDULED, Arrays.stream(statuses)
                .collect(Collectors.toMap(StackStatus::id, s -> s)), Set.of(), Set.of(), NOW);
    }

    @ParameterizedTest(name = "every {0}, checked {1} ago, {2} failures → {3}")
    @CsvSource({
        // every, since last check, consecutive failures, action
        "PT6H,  PT5H59M, 0, SKIP",
        "PT6H,  PT6H,    0, CHECK",
        "PT6H,  PT7H,    0, CHECK",
        "PT15M, PT14M,   0, SKIP",
        "PT15M, PT15M,   0, CHECK",
        "PT6H,  PT14M,   1, SKIP",    // backoff 15m after the first failure
        "PT6H,  PT15M,   1, CHECK",
        "PT6H,  PT29M,   2, SKIP",    // 30m after the second
        "PT6H,  PT30M,   2, CHECK",
        "PT6H,  PT59M,   3, SKIP",    // 1h after the third
        "PT6H,  PT1H,    3, CHECK",
        "PT6H,  PT5H,   10, SKIP",    // capped at every
        "PT6H,  PT6H,   10, CHECK",
        "PT20M, PT20M,   2, CHECK",   // cap below the 30m step
        "PT20M, PT19M,   2, SKIP"})
    void scheduledChecksFollowEveryAndBackOffAfterFailures(final Duration every, final Duration ago, final int failures,
            final Action expected) {
        StackConfig stack = stack("network", true, DriftMode.REPORT, every);
        RowState last = failures > 0 ? RowState.FAILED : RowState.IN_SYNC;
        CheckDecision decision = one(stack, scheduled(status("network", last, ago, failures)));
        assertThat(decision.action()).isEqualTo(expected);
        if (expected == Action.SKIP) {
            assertThat(decision.reason()).startsWith("not due until").endsWith("; check it now with --now (now: true on the step)");
        }
    }

    @ParameterizedTest(name = "now: every {0}, checked {1} ago, {2} failures → CHECK")
    @CsvSource({"PT6H, PT1M, 0", "PT6H, PT14M, 1", "PT6H, PT5H, 10"})
    void nowChecksWhateverTheScheduleAndTheBackoff(final Duration every, final Duration ago, final int failures) {
        StackConfig stack = stack("network", true, DriftMode.REPORT, every);
        RowState last = failures > 0 ? RowState.FAILED : RowState.IN_SYNC;
        StackStatus status = status("network", last, ago, failures);
        Input now = new Input(Trigger.MANUAL, Map.of(status.id(), status), Set.of(), Set.of(), NOW, DueCheck.Modules.NONE, Timing.NOW);
        assertThat(one(stack, now)).isEqualTo(new CheckDecision(StackId.of("network"), Action.CHECK,
                "asked for now, whatever its schedule and backoff"));
    }

    @Test
    void nowKeepsEveryRuleThatIsNotTheSchedule() {
        StackStatus awaiting = status("network", RowState.AWAITING_APPROVAL, Duration.ofMinutes(1), 0);
        Input now = new Input(Trigger.MANUAL, Map.of(awaiting.id(), awaiting), Set.of(), Set.of(), NOW, DueCheck.Modules.NONE,
                Timing.NOW);
        assertThat(one(stack("network", true, DriftMode.APPROVE, Duration.ofHours(6)), now).reason())
                .isEqualTo("a plan of it awaits approval");
        assertThat(one(stack("network", true, DriftMode.OFF, Duration.ofHours(6)), now).reason()).isEqualTo("drift mode off");
        assertThat(one(stack("network", false, DriftMode.REPORT, Duration.ofHours(6)), now).reason())
                .isEqualTo("drift checks disabled");
        Input deploying = new Input(Trigger.MANUAL, Map.of(), Set.of(StackId.of("network")), Set.of(), NOW, DueCheck.Modules.NONE,
                Timing.NOW);
        assertThat(one(stack("network", true, DriftMode.REPORT, Duration.ofHours(6)), deploying).action()).isEqualTo(Action.SKIP);
    }

    @Test
    void aStackNeverCheckedIsDue() {
        assertThat(one(stack("network", true, DriftMode.REPORT, Duration.ofHours(24)), scheduled()))
                .isEqualTo(new CheckDecision(StackId.of("network"), Action.CHECK, "never checked"));
    }

    @Test
    void disabledAndOffAreNeverChecked() {
        assertThat(one(stack("a", false, DriftMode.REPORT, Duration.ofHours(1)), scheduled()).reason()).isEqualTo("drift checks disabled");
        assertThat(one(stack("a", true, DriftMode.OFF, Duration.ofHours(1)), scheduled()).reason()).isEqualTo("drift mode off");
    }

    @Test
    void aRunningDeployOrAPlanAwaitingApprovalSkipsTheCheck() {
        StackConfig stack = stack("network", true, DriftMode.APPROVE, Duration.ofMinutes(15));
        Input deploying = new Input(Trigger.MANUAL, Map.of(), Set.of(StackId.of("network")), Set.of(), NOW);
        assertThat(one(stack, deploying)).extracting(CheckDecision::action, CheckDecision::reason)
                .containsExactly(Action.SKIP, "a deploy of it is running");
        Input awaiting = scheduled(status("network", RowState.AWAITING_APPROVAL, Duration.ofDays(3), 0));
        assertThat(one(stack, awaiting)).extracting(CheckDecision::action, CheckDecision::reason)
                .containsExactly(Action.SKIP, "a plan of it awaits approval");
    }

    @Test
    void aPushChecksOnlyStacksThatDriftedAndPreviewsStacksWhoseFilesChanged() {
        List<StackConfig> stacks = List.of(
                stack("envs/prod", true, DriftMode.REPORT, Duration.ofDays(1)),
                stack("envs/prod-eu", true, DriftMode.REPORT, Duration.ofDays(1)),
                stack("network", true, DriftMode.CORRECT, Duration.ofDays(1)),
                stack("dns", true, DriftMode.REPORT, Duration.ofDays(1)),
                stack("legacy", true, DriftMode.OFF, Duration.ofDays(1)),
                stack("paused", false, DriftMode.REPORT, Duration.ofDays(1)),
                stack(".", true, DriftMode.REPORT, Duration.ofDays(1)));
        Map<StackId, StackStatus> statuses = Map.of(
                StackId.of("network"), status("network", RowState.DRIFTED, Duration.ofMinutes(1), 0),
                StackId.of("dns"), status("dns", RowState.IN_SYNC, Duration.ofDays(9), 0),
                StackId.of("legacy"), status("legacy", RowState.DRIFTED, Duration.ofDays(9), 0),
                StackId.of("envs/prod-eu"), status("envs/prod-eu", RowState.PENDING_DRIFTED, Duration.ofDays(9), 0));
        Input push = new Input(Trigger.PUSH, statuses, Set.of(), Set.of("envs/prod/main.tf", "./legacy/x.tf", "paused/main.tf",
                "README.md"), NOW);

        assertThat(DueCheck.decide(stacks, push)).extracting(d -> d.stack().value() + " " + d.action()).containsExactly(
                ". PREVIEW",          // README.md at the root belongs to the root stack
                "dns SKIP",           // in sync last time, files unchanged: not due on a push
                "envs/prod PREVIEW",  // its own file changed; the longer directory wins over "."
                "envs/prod-eu CHECK", // showed drift last time
                "legacy SKIP",        // a push's preview is part of the drift run: drift off is never looked at
                "network CHECK",
                "paused SKIP");       // drift disabled: its changed files do not make it previewed either
        assertThat(DueCheck.decide(stacks, push)).filteredOn(d -> d.action() == Action.SKIP)
                .extracting(d -> d.stack().value() + ": " + d.reason())
                .contains("legacy: drift mode off", "paused: drift checks disabled");
    }

    @Test
    void aPushIgnoresTheDueTime() {
        StackConfig stack = stack("network", true, DriftMode.REPORT, Duration.ofDays(1));
        Input push = new Input(Trigger.PUSH, Map.of(StackId.of("network"), status("network", RowState.DRIFTED, Duration.ofMinutes(1), 0)),
                Set.of(), Set.of(), NOW);
        assertThat(one(stack, push).action()).isEqualTo(Action.CHECK);
    }

    @Test
    void stacksSharingADirectoryAllChange() {
        StackConfig a = new StackConfig(StackId.of("app:dev"), Tool.PULUMI, "app", "dev", List.of(), false, DriftSettings.defaults(),
                Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());
        StackConfig b = new StackConfig(StackId.of("app:prod"), Tool.PULUMI, "app", "prod", List.of(), false, DriftSettings.defaults(),
                Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());
        assertThat(DueCheck.owners(List.of(a, b), Set.of("app/index.ts"))).containsExactlyInAnyOrder(a.id(), b.id());
        assertThat(DueCheck.owners(List.of(a, b), Set.of("application/index.ts"))).isEmpty();
    }

    @Test
    void aPushThatChangesAModuleAStackUsesPreviewsThatStack(@TempDir final Path repo)
            throws IOException {
        Files.createDirectories(repo.resolve("network"));
        Files.createDirectories(repo.resolve("modules/vpc/subnet"));
        Files.writeString(repo.resolve("network/main.tf"), "module \"vpc\" {\n  source = \"../modules/vpc\"\n}\n");
        Files.writeString(repo.resolve("modules/vpc/main.tf"), "module \"s\" {\n  source = \"./subnet\"\n}\n");
        Files.writeString(repo.resolve("modules/vpc/subnet/main.tf"), "resource \"a\" \"b\" {}\n");
        StackConfig network = stack("network", true, DriftMode.REPORT, Duration.ofDays(1));
        StackConfig dns = stack("dns", true, DriftMode.OFF, Duration.ofDays(1));
        Map<StackId, StackStatus> statuses = Map.of(network.id(), status("network", RowState.IN_SYNC, Duration.ofMinutes(1), 0));
        DueCheck.Modules modules = DueCheck.Modules.onDisk(repo);
        assertThat(modules.of(network)).containsExactlyInAnyOrder("modules/vpc", "modules/vpc/subnet");

        Input push = new Input(Trigger.PUSH, statuses, Set.of(), Set.of("modules/vpc/subnet/variables.tf"), NOW, modules);
        assertThat(DueCheck.decide(List.of(network, dns), push)).extracting(d -> d.stack().value() + " " + d.action() + " " + d.reason())
                .containsExactly("dns SKIP drift mode off",
                        "network PREVIEW module modules/vpc/subnet it uses changed: a preview, which includes drift");

        Input otherModule = new Input(Trigger.PUSH, statuses, Set.of(), Set.of("modules/vpcx/main.tf"), NOW, modules);
        assertThat(one(network, otherModule).action()).isEqualTo(Action.SKIP);
        Input withoutModules = new Input(Trigger.PUSH, statuses, Set.of(), Set.of("modules/vpc/subnet/variables.tf"), NOW);
        assertThat(one(network, withoutModules).action()).as("the 5-argument form knows no modules").isEqualTo(Action.SKIP);
    }

    @Test
    void modulesAreAskedOnlyOnAPushWithChangedFiles() {
        StackConfig network = stack("network", true, DriftMode.REPORT, Duration.ofDays(1));
        DueCheck.Modules failing = s -> {
            throw new AssertionError("modules asked for " + s.id());
        };
        assertThat(one(network, new Input(Trigger.SCHEDULED, Map.of(), Set.of(), Set.of(), NOW, failing)).action()).isEqualTo(Action.CHECK);
        assertThat(one(network, new Input(Trigger.PUSH, Map.of(), Set.of(), Set.of(), NOW, failing)).action()).isEqualTo(Action.SKIP);
    }
}
