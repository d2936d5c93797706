package io.stackdrift.render;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import io.stackdrift.model.Row;

/**
 * The rows as a plain-text table for logs and the terminal: stack, tool, state, changes, depends on.
 * Untrusted text is cleaned of control and bidi characters (an ANSI escape in a resource name must not
 * repaint someone's terminal). No colour: the counts line carries it.
 */
public final class RowTable {
    private static final String[] HEADERS = {"STACK", "TOOL", "STATE", "CHANGES", "DEPENDS ON"};

    private RowTable() {
    }

    /** The table, one line per row in the given order, each line ending in a newline; empty rows give only the header. */
    public static String text(final List<Row> rows) {
        List<String[]> lines = new ArrayList<>();
        lines.add(HEADERS);
        for (Row row : rows) {
            lines.add(new String[] {
                TextSafe.clean(row.id().value()),
                row.tool().word(),
                row.state().word(),
                String.valueOf(row.changeCount()),
                row.allDependsOn().stream().map(id -> TextSafe.clean(id.value()) + (row.readFromReference(id) ? " (read)" : ""))
                        .collect(Collectors.joining(", "))});
        }
        boolean anyDependsOn = rows.stream().anyMatch(row -> !row.allDependsOn().isEmpty());
        int columns = anyDependsOn ? HEADERS.length : HEADERS.length - 1;
        int[] widths = new int[columns];
        for (String[] line : lines) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], line[c].codePointCount(0, line[c].length()));
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] line : lines) {
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                boolean numeric = c == 3;
                String cell = line[c];
                String pad = " ".repeat(widths[c] - cell.codePointCount(0, cell.length()));
                text.append(numeric ? pad + cell : cell + pad);
                if (c < columns - 1) {
                    text.append("  ");
                }
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
