package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class RowTableTest {
    @Test
    void columnsLineUpAndTheDependsOnColumnShowsWhenUsed() {
        String table = RowTable.text(SampleRuns.representative().rowsSorted());
        List<String> lines = table.lines().toList();

        assertThat(lines.get(0)).startsWith("STACK").contains("TOOL", "STATE", "CHANGES", "DEPENDS ON");
        assertThat(lines).hasSize(9);
        int stateColumn = lines.get(0).indexOf("STATE");
        assertThat(lines.subList(1, lines.size())).allSatisfy(line -> assertThat(line.charAt(stateColumn - 1)).isEqualTo(' '));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("shop:prod").contains("pending+drifted")
                .endsWith("dns, network:prod (read)"));
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("network:prod").endsWith("  dns"));
    }

    @Test
    void noDependsOnColumnWhenNoRowHasOne() {
        String table = RowTable.text(List.of(Row.of(StackId.of("a"), Tool.TOFU, "a", RowState.IN_SYNC, "")));
        assertThat(table).isEqualTo("STACK  TOOL  STATE    CHANGES\na      tofu  in sync        0\n");
    }

    @Test
    void controlAndBidiCharactersCannotActOnTheTerminal() {
        Row row = Row.of(StackId.of("evil\u001B[2J\u202Eid"), Tool.PULUMI, "x", RowState.FAILED, "");
        String table = RowTable.text(List.of(row));
        assertThat(table).doesNotContain("\u001B", "\u202E").contains("evil\\u001B[2J\\u202Eid");
    }
}
