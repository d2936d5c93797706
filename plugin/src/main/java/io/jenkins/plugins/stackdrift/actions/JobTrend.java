package io.jenkins.plugins.stackdrift.actions;

import java.util.List;

/**
 * The job's trend as read from its builds: one point per build with a readable Stack Drift summary, oldest first by build
 * number, and the builds left out because their summary could not be read, one line each (the build and where; nothing
 * from the damaged data).
 */
record JobTrend(List<TrendPoint> points, List<String> skipped) {
    JobTrend {
        points = List.copyOf(points);
        skipped = List.copyOf(skipped);
    }
}
