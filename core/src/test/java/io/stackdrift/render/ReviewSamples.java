package io.stackdrift.render;

import java.util.ArrayList;
import java.util.List;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

/** A change request's preview for the review tests: a secret planted wherever a plan or a tool could put one. */
final class ReviewSamples {
    static final String SECRET = "hunter2-Xq9zSecret";
    static final long SINCE = SampleRuns.T0 - 2 * 86_400_000L;
    /** The keyed digest of a change's values: never shown. */
    static final String VALUES = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    private ReviewSamples() {
    }

    /**
     * network plans code changes and reverts a security group changed by hand; app reads network (the file says so), web
     * reads app (a reference): both follow network. db failed with a secret in its reason; dns is in sync.
     */
    static RunRecord preview() {
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of(StackId.of("dns"), Tool.TERRAFORM, "dns", RowState.IN_SYNC, ""));
        rows.add(Row.of(StackId.of("network"), Tool.TERRAFORM, "network", RowState.PENDING_DRIFTED, "")
                .withChanges(List.of(
                        new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("cidr_block", "tags.Name"), Cause.CODE, VALUES),
                        new Change(Action.CREATE, "aws_ssm_parameter", "aws_ssm_parameter.p[\"" + SECRET + "\"]",
                                List.of("tags." + SECRET), Cause.CODE),
                        new Change(Action.UPDATE, "aws_security_group", "aws_security_group.web", List.of("ingress[0].cidr_blocks"),
                                Cause.DRIFT),
                        Change.ofOutput(Action.UPDATE, "vpc_id", Cause.CODE)))
                .withDrift(List.of(new Change(Action.UPDATE, "aws_security_group", "aws_security_group.web", List.of("ingress"),
                        Cause.DRIFT)))
                .withDriftAge(new DriftAge(SINCE, 3)));
        rows.add(Row.of(StackId.of("app"), Tool.TERRAFORM, "app", RowState.IN_SYNC, "")
                .withFileDependsOn(List.of(StackId.of("network"))));
        rows.add(Row.of(StackId.of("web:prod"), Tool.PULUMI, "web", RowState.PENDING, "")
                .withChanges(List.of(new Change(Action.REPLACE, "aws:ec2/instance:Instance", "web", List.of("ami"), Cause.CODE)))
                .withDependsOn(List.of(StackId.of("app"))));
        rows.add(Row.of(StackId.of("db"), Tool.TERRAFORM, "db", RowState.FAILED,
                "Error: invalid value \"" + SECRET + "\" for variable password"));
        return new RunRecord("7", RunKind.PREVIEW, "change request #12", SampleRuns.T0, SampleRuns.T0 + 60_000, rows, List.of());
    }

    /** A drift check of one stack: its drift, no plan of the code. */
    static RunRecord check() {
        Row drifted = Row.of(StackId.of("network"), Tool.TERRAFORM, "network", RowState.DRIFTED, "")
                .withDrift(List.of(new Change(Action.UPDATE, "aws_security_group", "aws_security_group.web", List.of("ingress"),
                        Cause.DRIFT)))
                .withDriftAge(DriftAge.startingAt(SampleRuns.T0));
        return new RunRecord("8", RunKind.CHECK, "scheduled drift check", SampleRuns.T0, SampleRuns.T0 + 1, List.of(drifted), List.of());
    }
}
