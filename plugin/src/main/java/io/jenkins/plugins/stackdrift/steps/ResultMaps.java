package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.stackdrift.model.Counts;
import io.stackdrift.model.DriftNews;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;

/**
 * The value a step returns to the Jenkinsfile (docs/concepts.md, "What is recorded"): only JDK maps, lists, strings and numbers, so
 * sandboxed scripts need no approval and the value survives a CPS checkpoint. Never a value from a plan.
 */
public final class ResultMaps {
    private ResultMaps() {
    }

    public static Map<String, Object> of(final RunRecord record, final String result) {
        Counts counts = record.counts();
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("kind", record.kind().word());
        map.put("result", result);
        Map<String, Object> countMap = new LinkedHashMap<>();
        countMap.put("total", counts.total());
        countMap.put("inSync", counts.inSync());
        countMap.put("drifted", counts.drifted());
        countMap.put("pending", counts.pending());
        countMap.put("failed", counts.failed());
        countMap.put("skipped", counts.skipped());
        countMap.put("awaitingApproval", counts.awaitingApproval());
        countMap.put("repaired", counts.repaired());
        map.put("counts", countMap);
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
            Map<String, Object> rowMap = new LinkedHashMap<>();
            rowMap.put("id", row.id().value());
            rowMap.put("tool", row.tool().word());
            rowMap.put("dir", row.dir());
            rowMap.put("state", row.state().word());
            rowMap.put("reason", row.reason());
            rowMap.put("changes", row.changes().size());
            rowMap.put("drift", row.drift().size());
            // every stack it depends on, as --json has it; dependsOnRead: those known only from a stack reference
            List<String> dependsOn = new ArrayList<>();
            List<String> dependsOnRead = new ArrayList<>();
            for (StackId id : row.allDependsOn()) {
                dependsOn.add(id.value());
                if (row.readFromReference(id)) {
                    dependsOnRead.add(id.value());
                }
            }
            rowMap.put("dependsOn", dependsOn);
            rowMap.put("dependsOnRead", dependsOnRead);
            if (row.driftAge().isPresent()) {
                rowMap.put("driftedSince", row.driftAge().sinceInstant().orElseThrow().toString());
                rowMap.put("driftedChecks", row.driftAge().checks());
            }
            rows.add(rowMap);
        }
        map.put("drifted", drifted);
        map.put("failed", failed);
        map.put("rows", rows);
        return map;
    }

    private static List<String> values(final List<StackId> ids) {
        List<String> out = new ArrayList<>();
        ids.forEach(id -> out.add(id.value()));
        return out;
    }

    /**
     * {@code groups} (lists of stack ids that can run together, in order) and {@code edges} (maps of {@code stack},
     * {@code dependsOn}, {@code from}), as {@code stackdrift graph --json} writes them.
     */
    static Map<String, Object> runOrder(final List<List<String>> groups, final List<List<String>> edges) {
        List<Object> groupList = new ArrayList<>();
        groups.forEach(group -> groupList.add(new ArrayList<>(group)));
        List<Object> edgeList = new ArrayList<>();
        for (List<String> edge : edges) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("stack", edge.get(0));
            entry.put("dependsOn", edge.get(1));
            entry.put("from", edge.get(2));
            edgeList.add(entry);
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("groups", groupList);
        map.put("edges", edgeList);
        return map;
    }
}
