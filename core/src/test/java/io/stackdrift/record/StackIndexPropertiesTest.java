package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * Properties of the stack status fold, over random previous indexes and runs. Plain JUnit with a seeded
 * {@link Random}: a failure names the seed; rerun it with {@code -Dstackdrift.seed=<seed>}.
 */
class StackIndexPropertiesTest {
    private static final int TRIES = 500;
    private static final List<StackId> IDS = List.of(StackId.of("net"), StackId.of("app:prod"), StackId.of("dns"),
            StackId.of("envs/db"), StackId.of("web"));

    @FunctionalInterface
    private interface Property {
        void check(Random random);
    }

    private static void forAll(final Property property) {
        long seed = Long.getLong("stackdrift.seed", System.nanoTime());
        Random random = new Random(seed);
        for (int i = 0; i < TRIES; i++) {
            try {
                property.check(random);
            } catch (AssertionError e) {
                throw new AssertionError("property failed at try " + i + " of seed " + seed + " (rerun with -Dstackdrift.seed=" + seed
                        + "): " + e.getMessage(), e);
            }
        }
    }

    @Test
    void aSkippedRowKeepsWhatTheStackWasLastSeenWith() {
        forAll(random -> {
            Map<StackId, StackStatus> before = index(random);
            RunRecord run = run(random);
            Map<StackId, StackStatus> after = StackIndex.next(before, 99, run, digests(random, run), Set.of());
            for (Row row : run.rows()) {
                StackStatus prev = before.get(row.id());
                if (row.state() == RowState.SKIPPED && prev != null) {
                    StackStatus now = after.get(row.id());
                    assertThat(now.lastSequence()).isEqualTo(prev.lastSequence());
                    assertThat(now.lastRunId()).isEqualTo(prev.lastRunId());
                    assertThat(now.lastState()).isEqualTo(prev.lastState());
                    assertThat(now.lastCheckedAt()).isEqualTo(prev.lastCheckedAt());
                    assertThat(now.consecutiveFailures()).isEqualTo(prev.consecutiveFailures());
                    assertThat(now.lastFailedAt()).isEqualTo(prev.lastFailedAt());
                    assertThat(now.dependsOn()).isEqualTo(prev.dependsOn());
                }
            }
        });
    }

    @Test
    void failuresCountUpAndAnyCheckedRowResetsThem() {
        forAll(random -> {
            Map<StackId, StackStatus> before = index(random);
            RunRecord run = run(random);
            Map<StackId, StackStatus> after = StackIndex.next(before, 99, run, Map.of(), Set.of());
            for (Row row : run.rows()) {
                StackStatus prev = before.get(row.id());
                StackStatus now = after.get(row.id());
                int failuresBefore = prev == null ? 0 : prev.consecutiveFailures();
                switch (row.state()) {
                    case FAILED -> {
                        assertThat(now.consecutiveFailures()).isEqualTo(failuresBefore + 1);
                        assertThat(now.lastFailedAt()).isEqualTo(run.startedAt());
                        assertThat(now.dependsOn()).isEqualTo(prev == null ? List.of() : prev.dependsOn());
                    }
                    case SKIPPED -> assertThat(now.consecutiveFailures()).isEqualTo(failuresBefore);
                    default -> {
                        assertThat(now.consecutiveFailures()).isZero();
                        assertThat(now.dependsOn()).isEqualTo(row.dependsOn());
                    }
                }
                if (row.state() != RowState.SKIPPED || prev == null) {
                    assertThat(now.lastSequence()).isEqualTo(99);
                    assertThat(now.lastRunId()).isEqualTo(run.runId());
                    assertThat(now.lastState()).isEqualTo(row.state());
                }
                if (row.state() != RowState.SKIPPED) {
                    assertThat(now.lastCheckedAt()).isEqualTo(run.startedAt());
                }
            }
        });
    }

    @Test
    void theLastDeployIsRecordedOnlyWithADigestAndForgottenAfterADestroy() {
        forAll(random -> {
            Map<StackId, StackStatus> before = index(random);
            RunRecord run = run(random);
            Map<StackId, String> digests = digests(random, run);
            Set<StackId> forget = new HashSet<>();
            for (StackId id : IDS) {
                if (random.nextInt(5) == 0) {
                    forget.add(id);
                }
            }
            Map<StackId, StackStatus> after = StackIndex.next(before, 99, run, digests, forget);
            for (Row row : run.rows()) {
                StackStatus prev = before.get(row.id());
                StackStatus now = after.get(row.id());
                TrailEntry deploy = null;
                boolean destroyed = forget.contains(row.id());
                for (TrailEntry e : run.trail()) {
                    if (e.stack().equals(row.id()) && (e.result() == TrailResult.DEPLOYED || e.result() == TrailResult.NOTHING_TO_DEPLOY)) {
                        deploy = e;
                    }
                    destroyed |= e.stack().equals(row.id()) && e.result().endsTheDeployment();
                }
                if (destroyed) {
                    assertThat(now.lastDeployDigest()).isEmpty();
                    assertThat(now.lastDeployedAt()).isZero();
                } else if (deploy != null && digests.containsKey(row.id())) {
                    assertThat(now.lastDeployDigest()).isEqualTo(digests.get(row.id()));
                    assertThat(now.lastDeployedAt()).isEqualTo(deploy.finishedAt());
                } else {
                    assertThat(now.lastDeployDigest()).isEqualTo(prev == null ? "" : prev.lastDeployDigest());
                    assertThat(now.lastDeployedAt()).isEqualTo(prev == null ? 0 : prev.lastDeployedAt());
                }
            }
        });
    }

    @Test
    void stacksWithoutARowKeepTheirStatusAndEveryRowGetsOne() {
        forAll(random -> {
            Map<StackId, StackStatus> before = index(random);
            Map<StackId, StackStatus> copy = new TreeMap<>(before);
            RunRecord run = run(random);
            Map<StackId, StackStatus> after = StackIndex.next(before, 99, run, digests(random, run), Set.of());
            Set<StackId> withRow = new HashSet<>();
            run.rows().forEach(r -> withRow.add(r.id()));
            for (Map.Entry<StackId, StackStatus> e : before.entrySet()) {
                if (!withRow.contains(e.getKey())) {
                    assertThat(after.get(e.getKey())).isEqualTo(e.getValue());
                }
            }
            Set<StackId> expected = new HashSet<>(before.keySet());
            expected.addAll(withRow);
            assertThat(after.keySet()).isEqualTo(expected);
            assertThat(before).as("the fold leaves its input alone").isEqualTo(copy);
        });
    }

    @Test
    void forgettingClearsExactlyTheNamedStacksThatWereDeployed() {
        forAll(random -> {
            Map<StackId, StackStatus> before = index(random);
            Set<StackId> named = new HashSet<>();
            for (StackId id : IDS) {
                if (random.nextBoolean()) {
                    named.add(id);
                }
            }
            Map<StackId, StackStatus> after = StackIndex.forgetLastDeploys(before, named);
            assertThat(after.keySet()).isEqualTo(before.keySet());
            for (Map.Entry<StackId, StackStatus> e : before.entrySet()) {
                StackStatus prev = e.getValue();
                StackStatus now = after.get(e.getKey());
                if (named.contains(e.getKey())) {
                    assertThat(now.everDeployed()).isFalse();
                    assertThat(now.lastDeployedAt()).isEqualTo(prev.everDeployed() ? 0 : prev.lastDeployedAt());
                    assertThat(now.lastSequence()).isEqualTo(prev.lastSequence());
                    assertThat(now.consecutiveFailures()).isEqualTo(prev.consecutiveFailures());
                } else {
                    assertThat(now).isEqualTo(prev);
                }
            }
        });
    }

    // ------------------------------------------------------------------ generators

    private static <T> T pick(final Random random, final List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    private static List<StackId> someIds(final Random random) {
        List<StackId> out = new ArrayList<>();
        for (StackId id : IDS) {
            if (random.nextInt(3) == 0) {
                out.add(id);
            }
        }
        return out;
    }

    private static Map<StackId, StackStatus> index(final Random random) {
        Map<StackId, StackStatus> index = new TreeMap<>();
        for (StackId id : IDS) {
            if (random.nextBoolean()) {
                boolean deployed = random.nextBoolean();
                index.put(id, new StackStatus(id, 1 + random.nextInt(50), "run-" + random.nextInt(50),
                        pick(random, List.of(RowState.values())),
                        random.nextInt(3) == 0 ? 0 : 1_000 + random.nextInt(10_000), random.nextInt(4),
                        random.nextBoolean() ? 0 : 500 + random.nextInt(10_000), someIds(random),
                        deployed ? "sha256:" + Integer.toHexString(random.nextInt()) : "", deployed ? 2_000 + random.nextInt(10_000) : 0));
            }
        }
        return index;
    }

    private static RunRecord run(final Random random) {
        long startedAt = 20_000L + random.nextInt(10_000);
        List<Row> rows = new ArrayList<>();
        List<TrailEntry> trail = new ArrayList<>();
        for (StackId id : IDS) {
            if (random.nextInt(4) == 0) {
                continue;
            }
            rows.add(Row.of(id, Tool.TERRAFORM, id.value(), pick(random, List.of(RowState.values())), "")
                    .withDependsOn(someIds(random)));
            if (random.nextBoolean()) {
                trail.add(new TrailEntry(id, "run-99", startedAt, startedAt + random.nextInt(5_000),
                        pick(random, List.of(TrailResult.values())),
                        false, List.of(), "", 0));
            }
        }
        return new RunRecord("run-99", RunKind.DEPLOY, "", startedAt, startedAt + 10_000, rows, trail);
    }

    private static Map<StackId, String> digests(final Random random, final RunRecord run) {
        Map<StackId, String> digests = new HashMap<>();
        for (Row row : run.rows()) {
            if (random.nextBoolean()) {
                digests.put(row.id(), "sha256:" + Integer.toHexString(random.nextInt()));
            }
        }
        return digests;
    }
}
