package io.stackdrift.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.Counts;
import io.stackdrift.model.DriftNews;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;

/**
 * A run and a run order as plain JDK maps, lists, strings and numbers: the value a Jenkins step returns to its
 * script (docs/concepts.md, "What is recorded"), so a sandboxed script needs no approval and the value survives a
 * checkpoint. Its keys are those of the run JSON and of {@code stackdrift graph --json}; never a value from a plan.
 */
public final class RunMaps {
    private RunMaps() {
    }

    /** The run as a map, with the host's word for how it ended ({@code result}). */
    public static Map<String, Object> of(final RunRecord record, final String result) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("kind", record.kind().word());
        map.put("result", result);
        map.put("counts", counts(record.counts()));
        // notify on news: a post block sends one message per new drift, not one per check
        DriftNews news = DriftNews.of(record.rows());
        map.put("newlyDrifted", values(news.newlyDrifted()));
        map.put("stillDrifted", values(news.stillDrifted()));
        map.put("repaired", values(news.repaired()));
        List<String> drifted = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Row row : record.rowsSorted()) {
            if (row.state().hasDrift()) {
                drifted.add(row.id().value());
            }
            if (row.state() == RowState.FAILED) {
                failed.add(row.id().value());
            }
            rows.add(row(row));
        }
        map.put("drifted", drifted);
        map.put("failed", failed);
        map.put("rows", rows);
        return map;
    }

    /** Every count of the table, by its key. */
    static Map<String, Object> counts(final Counts counts) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Counts.Field field : Counts.Field.values()) {
            map.put(field.key(), field.of(counts));
        }
        return map;
    }

    private static Map<String, Object> row(final Row row) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("id", row.id().value());
        map.put("tool", row.tool().word());
        map.put("dir", row.dir());
        map.put("state", row.state().word());
        map.put("reason", row.reason());
        map.put("changes", row.changes().size());
        map.put("drift", row.drift().size());
        // every stack it depends on, as --json has it; dependsOnRead: those known only from a read (stack reference, remote state)
        List<String> dependsOn = new ArrayList<>();
        List<String> dependsOnRead = new ArrayList<>();
        for (StackId id : row.allDependsOn()) {
            dependsOn.add(id.value());
            if (row.readFromReference(id)) {
                dependsOnRead.add(id.value());
            }
        }
        map.put("dependsOn", dependsOn);
        map.put("dependsOnRead", dependsOnRead);
        if (row.driftAge().isPresent()) {
            map.put("driftedSince", row.driftAge().sinceInstant().orElseThrow().toString());
            map.put("driftedChecks", row.driftAge().checks());
        }
        return map;
    }

    /**
     * {@code groups} (lists of stack ids that can run together, in order) and {@code edges} (maps of {@code stack},
     * {@code dependsOn}, {@code from}), as {@code stackdrift graph --json} writes them ({@link RunOrderOutput#json}).
     */
    public static Map<String, Object> runOrder(final RunOrder order) {
        List<Object> groups = new ArrayList<>();
        order.groups().forEach(group -> groups.add(values(group)));
        List<Object> edges = new ArrayList<>();
        for (RunOrder.Edge edge : order.edges()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("stack", edge.dependent().value());
            entry.put("dependsOn", edge.dependency().value());
            entry.put("from", edge.origin().word());
            edges.add(entry);
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("groups", groups);
        map.put("edges", edges);
        return map;
    }

    private static List<String> values(final List<StackId> ids) {
        List<String> out = new ArrayList<>();
        ids.forEach(id -> out.add(id.value()));
        return out;
    }
}
