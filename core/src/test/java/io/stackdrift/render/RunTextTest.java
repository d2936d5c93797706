package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

class RunTextTest {
    @Test
    void aPreviewListsAChangeThatPutsDriftBackUnderItsOwnHeadingNotAsAChange() {
        Change tags = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);
        Change code = new Change(Action.CREATE, "aws_subnet", "aws_subnet.a", List.of(), Cause.CODE);
        Row row = Row.of(StackId.of("network"), Tool.TERRAFORM, "network", RowState.PENDING_DRIFTED, "")
                .withChanges(ChangeList.of(List.of(tags, code)))
                .withDrift(ChangeList.of(List.of(new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"),
                        Cause.DRIFT))));
        RunRecord run = new RunRecord("3", RunKind.PREVIEW, "test", 1, 2, List.of(row), List.of());

        List<String> lines = RunText.lines(run, false);

        assertThat(lines).contains("  change: create aws_subnet.a", "  puts back drift: update aws_vpc.main tags.Owner",
                "  drift: update aws_vpc.main tags.Owner");
        assertThat(lines).noneMatch(line -> line.startsWith("  change: update aws_vpc.main"));
    }
}
