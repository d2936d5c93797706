package io.stackdrift.render;

import java.util.ArrayList;
import java.util.List;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/** Representative runs for the render tests: fixed times, so output is stable. */
final class SampleRuns {
    static final long T0 = 1_790_000_000_000L; // 2026-09-21, a fixed instant

    private SampleRuns() {
    }

    static Change change(final Action action, final String type, final String address, final Cause cause, final String... paths) {
        return new Change(action, type, address, List.of(paths), cause);
    }

    /** One row in every state, with changes, drift, owned-elsewhere paths, dependencies and drift ages. */
    static RunRecord representative() {
        List<Row> rows = new ArrayList<>();
        rows.add(row("dns", Tool.TERRAFORM, "dns", RowState.IN_SYNC, "", List.of(), List.of(), List.of(), List.of()));
        rows.add(row("network:prod", Tool.TOFU, "network", RowState.DRIFTED, "", List.of(),
                List.of(change(Action.UPDATE, "aws_security_group", "aws_security_group.web", Cause.DRIFT, "ingress[0].cidr_blocks",
                        "tags.Owner"),
                        change(Action.DELETE, "aws_route53_record", "aws_route53_record.www", Cause.DRIFT)),
                List.of(change(Action.UPDATE, "aws_autoscaling_group", "aws_autoscaling_group.web", Cause.DRIFT, "desired_capacity")),
                List.of()).withFileDependsOn(List.of(StackId.of("dns"))).withDriftAge(DriftAge.startingAt(T0)));
        rows.add(row("shop:prod", Tool.PULUMI, "apps/shop", RowState.PENDING_DRIFTED, "",
                List.of(change(Action.CREATE, "aws:s3/bucket:Bucket", "assets", Cause.CODE, "bucket", "tags.Team"),
                        change(Action.REPLACE, "aws:ec2/instance:Instance", "web", Cause.CODE, "ami")),
                List.of(change(Action.UPDATE, "aws:ec2/securityGroup:SecurityGroup", "web-sg", Cause.DRIFT, "description")),
                List.of(), List.of("network:prod", "dns")).withFileDependsOn(List.of(StackId.of("dns")))
                        .withDriftAge(new DriftAge(T0 - 2 * 86_400_000L - 3_600_000L, 3)));
        rows.add(row("apps/api", Tool.TERRAFORM, "apps/api", RowState.PENDING, "",
                List.of(change(Action.UPDATE, "aws_lambda_function", "module.api.aws_lambda_function.handler", Cause.CODE, "memory_size")),
                List.of(), List.of(), List.of()));
        rows.add(Row.of(StackId.of("billing:staging"), Tool.PULUMI, "billing", RowState.FAILED,
                "error: could not load plugin for aws provider"));
        rows.add(Row.of(StackId.of("reports"), Tool.TERRAFORM, "reports", RowState.SKIPPED, "dependency billing:staging failed"));
        rows.add(Row.of(StackId.of("edge:prod"), Tool.PULUMI, "edge", RowState.AWAITING_APPROVAL,
                "drift found; mode approve waits for a person"));
        rows.add(row("cache:prod", Tool.TERRAFORM, "cache", RowState.REPAIRED, "mode correct: put back by a deploy in this run",
                List.of(), List.of(change(Action.UPDATE, "aws_elasticache_cluster", "aws_elasticache_cluster.main", Cause.DRIFT,
                        "num_cache_nodes")), List.of(), List.of()));
        List<TrailEntry> trail = List.of(
                new TrailEntry(StackId.of("apps/api"), "42", T0 + 10_000, T0 + 20_000, TrailResult.REHEARSAL, false, List.of(), "", 0),
                new TrailEntry(StackId.of("billing:staging"), "42", T0 + 30_000, T0 + 40_000, TrailResult.FAILED, false, List.of(),
                        "apply failed: AccessDenied", 0),
                new TrailEntry(StackId.of("cache:prod"), "42", T0 + 50_000, T0 + 120_000, TrailResult.DEPLOYED, true,
                        List.of("aws_elasticache_cluster.main.num_cache_nodes"), "", T0 - 5 * 3_600_000L));
        return new RunRecord("42", RunKind.CHECK, "scheduled drift check", T0, T0 + 182_000, rows, trail);
    }

    /** Earlier runs of the same job, oldest first (the representative run not included). */
    static List<RunRecord> history() {
        List<RunRecord> runs = new ArrayList<>();
        int[][] shapes = {{7, 0, 0, 0}, {6, 1, 0, 0}, {5, 1, 1, 0}, {5, 2, 0, 0}, {4, 1, 1, 1}, {6, 0, 1, 0}};
        for (int i = 0; i < shapes.length; i++) {
            List<Row> rows = new ArrayList<>();
            int[] shape = shapes[i];
            RowState[] states = {RowState.IN_SYNC, RowState.DRIFTED, RowState.PENDING, RowState.FAILED};
            int n = 0;
            for (int s = 0; s < states.length; s++) {
                for (int k = 0; k < shape[s]; k++) {
                    rows.add(Row.of(StackId.of("stack-" + n++), Tool.TERRAFORM, "s", states[s], ""));
                }
            }
            List<TrailEntry> trail = switch (i) {
                case 2 -> List.of(
                        new TrailEntry(StackId.of("legacy/queue"), "38", T0 - 12_000_000, T0 - 11_900_000, TrailResult.DESTROYED, false,
                                List.of(), "", 0),
                        new TrailEntry(StackId.of("legacy/topics"), "38", T0 - 12_100_000, T0 - 12_050_000, TrailResult.NOTHING_TO_DESTROY,
                                false, List.of(), "", 0));
                case 3 -> List.of(new TrailEntry(StackId.of("apps/api"), "39", T0 - 9_000_000, T0 - 8_990_000, TrailResult.DEPLOYED,
                        false, List.of(), "", 0));
                case 4 -> List.of(new TrailEntry(StackId.of("edge:prod"), "40", T0 - 7_200_000, 0, TrailResult.INTERRUPTED, false,
                        List.of(), "the agent went away", 0));
                case 5 -> List.of(
                        new TrailEntry(StackId.of("network:prod"), "41", T0 - 3_600_000, T0 - 3_500_000, TrailResult.DEPLOYED, true,
                                List.of("aws_security_group.web.ingress[0].cidr_blocks", "aws_security_group.web.tags.Owner"), "",
                                T0 - 2 * 86_400_000L - 3_600_000L),
                        new TrailEntry(StackId.of("dns"), "41", T0 - 3_700_000, T0 - 3_650_000, TrailResult.NOTHING_TO_DEPLOY, false,
                                List.of(), "", 0));
                default -> List.of();
            };
            runs.add(new RunRecord(String.valueOf(36 + i), RunKind.CHECK, "scheduled drift check", T0 - (6 - i) * 3_600_000L,
                    T0 - (6 - i) * 3_600_000L + 60_000, rows, trail));
        }
        return runs;
    }

    static List<RunCounts> trend() {
        List<RunCounts> trend = new ArrayList<>();
        history().forEach(run -> trend.add(RunCounts.of(run)));
        trend.add(RunCounts.of(representative()));
        return trend;
    }

    static Row row(final String id, final Tool tool, final String dir, final RowState state, final String reason,
            final List<Change> changes, final List<Change> drift, final List<Change> owned, final List<String> dependsOn) {
        return Row.of(StackId.of(id), tool, dir, state, reason).withChanges(changes).withDrift(drift).withOwnedElsewhere(owned)
                .withDependsOn(dependsOn.stream().map(StackId::of).toList());
    }

    /** A large run: {@code stacks} stacks with {@code changesEach} changes (half code, half drift) each. */
    static RunRecord large(final int stacks, final int changesEach) {
        List<Row> rows = new ArrayList<>(stacks);
        for (int s = 0; s < stacks; s++) {
            List<Change> changes = new ArrayList<>();
            List<Change> drift = new ArrayList<>();
            RowState state;
            if (s % 10 == 0) {
                state = RowState.PENDING_DRIFTED;
            } else if (s % 7 == 0) {
                state = RowState.FAILED;
            } else {
                state = RowState.IN_SYNC;
            }
            if (state == RowState.PENDING_DRIFTED) {
                for (int c = 0; c < changesEach; c++) {
                    Change change = change(c % 3 == 0 ? Action.REPLACE : Action.UPDATE, "aws_instance", "aws_instance.web[" + c + "]",
                            c % 2 == 0 ? Cause.CODE : Cause.DRIFT, "tags.Name", "ami", "root_block_device[0].volume_size");
                    (c % 2 == 0 ? changes : drift).add(change);
                }
            }
            String id = String.format("envs/region-%02d/service-%04d:prod", s % 17, s);
            rows.add(state == RowState.FAILED
                    ? Row.of(StackId.of(id), Tool.TERRAFORM, "envs", state, "Error: timeout while waiting for state lock")
                    : Row.of(StackId.of(id), Tool.TERRAFORM, "envs/" + s, state, "").withChanges(changes).withDrift(drift));
        }
        return new RunRecord("1000", RunKind.PREVIEW, "push", T0, T0 + 3_600_000, rows, List.of());
    }

    static Counts counts(final int total, final int inSync, final int drifted, final int pending, final int failed) {
        return new Counts(total, inSync, drifted, pending, failed, 0, 0);
    }
}
