package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;

import io.jenkins.plugins.stackdrift.actions.BuildSummary;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

/**
 * {@code /api/json} carries what the pages show: Stapler's exporter writes only {@code @Exported} getters of
 * {@code @ExportedBean} types, so a getter without it is missing from the job's and the build's JSON (and from
 * {@code currentBuild.getBuildCauses()}).
 */
class ExportedApiTest {
    @Test
    void theJobActionItsTrendAndTheSummariesAreExported() {
        assertExported(StackDriftJobAction.class, "getTrend");
        assertExported(StackDriftJobAction.TrendPoint.class, "getBuild", "getSummary");
        assertExported(BuildSummary.class, "getKind", "getTotal", "getDrifted", "getFailed", "getDriftedIds", "getFailedIds");
        // each step's action says which step it is: a build with several steps lists one per id
        assertExported(StackDriftRunAction.class, "getId", "getKind", "getTotal", "getDriftedStacks", "getFailedStacks");
    }

    @Test
    void theApprovalCauseExportsWhatItApproves() throws Exception {
        for (String getter : new String[] {"getSourceBuild", "getStacks", "isDestroy"}) {
            assertThat(ApprovalCause.class.getMethod(getter).isAnnotationPresent(Exported.class)).as(getter).isTrue();
        }
    }

    private static void assertExported(final Class<?> type, final String... getters) {
        assertThat(type.isAnnotationPresent(ExportedBean.class)).as(type.getSimpleName() + " is an @ExportedBean").isTrue();
        for (String getter : getters) {
            Method method = Arrays.stream(type.getMethods()).filter(m -> m.getName().equals(getter)).findFirst().orElseThrow();
            assertThat(method.isAnnotationPresent(Exported.class)).as(type.getSimpleName() + "." + getter).isTrue();
        }
    }
}
