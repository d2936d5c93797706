package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyMap;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;

import java.util.List;
import java.util.Map;

import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Run;
import hudson.scm.SCM;
import jenkins.triggers.SCMTriggerItem;
import org.junit.jupiter.api.Test;
import org.mockito.MockedStatic;

/** The revision a build's checkouts report, for the pin of a job that is not a branch of a source. */
class BuildCommitTest {
    /** An SCM whose {@code buildEnvironment} for the build sets {@code variables}, as the git plugin does from BuildData. */
    private static SCM scm(final Map<String, String> variables) {
        SCM scm = mock(SCM.class);
        doAnswer(call -> {
            Map<String, String> env = call.getArgument(1);
            env.putAll(variables);
            return null;
        }).when(scm).buildEnvironment(any(), anyMap());
        return scm;
    }

    private static String commitOf(final List<SCM> scms) {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        doReturn(job).when(run).getParent();
        SCMTriggerItem item = mock(SCMTriggerItem.class);
        doReturn(scms).when(item).getSCMs();
        try (MockedStatic<SCMTriggerItem.SCMTriggerItems> items = mockStatic(SCMTriggerItem.SCMTriggerItems.class)) {
            items.when(() -> SCMTriggerItem.SCMTriggerItems.asSCMTriggerItem(any(Item.class))).thenReturn(item);
            return BuildCommit.of(run);
        }
    }

    @Test
    void theRevisionTheJobsCheckoutReportsForTheBuildIsTheCommit() {
        assertThat(commitOf(List.of(scm(Map.of("GIT_COMMIT", "abc123", "GIT_BRANCH", "origin/main"))))).isEqualTo("abc123");
    }

    @Test
    void theSameRevisionTwiceIsOneAndDistinctRevisionsAreAllKeptSorted() {
        assertThat(commitOf(List.of(scm(Map.of("GIT_COMMIT", "abc123")), scm(Map.of("GIT_COMMIT", "abc123"))))).isEqualTo("abc123");
        assertThat(commitOf(List.of(scm(Map.of("GIT_COMMIT", "f00d")), scm(Map.of("SVN_REVISION", "42"))))).isEqualTo("42,f00d");
    }

    @Test
    void noScmOrNoRevisionGivesNoCommit() {
        assertThat(commitOf(List.of())).isEmpty();
        assertThat(commitOf(List.of(scm(Map.of("GIT_BRANCH", "origin/main"))))).isEmpty();
        Run<?, ?> run = mock(Run.class);
        doReturn(mock(Job.class)).when(run).getParent();
        try (MockedStatic<SCMTriggerItem.SCMTriggerItems> items = mockStatic(SCMTriggerItem.SCMTriggerItems.class)) {
            items.when(() -> SCMTriggerItem.SCMTriggerItems.asSCMTriggerItem(any(Item.class))).thenReturn(null);
            assertThat(BuildCommit.of(run)).isEmpty();
        }
    }
}
