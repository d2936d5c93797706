package io.jenkins.plugins.stackdrift.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import hudson.model.InvisibleAction;
import hudson.model.Item;
import hudson.model.ItemGroup;
import hudson.model.Job;
import hudson.model.ModifiableItemGroup;
import io.jenkins.plugins.stackdrift.ItemParents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.MockedStatic;

/** The drift schedule starts a multibranch project's primary branch only, unless every branch is asked for. */
class BranchJobsTest {
    /** Stands for scm-api's marker of the primary branch (the check goes by class name). */
    static final class Primary extends InvisibleAction {
    }

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final BranchJobs branchJobs = new BranchJobs(Primary.class.getName(), now::get);
    private final ItemGroup<?> project = mock(ItemGroup.class, withSettings().extraInterfaces(Item.class));
    private final List<Job<?, ?>> branches = new ArrayList<>();

    /** A job's parent, stubbed here: a Job mock's own getParent() takes no parent but Jenkins (see ItemParents). */
    private MockedStatic<ItemParents> parents;

    BranchJobsTest() {
        doReturn(branches).when(project).getItems();
        when(((Item) project).getFullName()).thenReturn("infra");
    }

    @BeforeEach
    void stubParents() {
        parents = mockStatic(ItemParents.class);
    }

    @AfterEach
    void closeParents() {
        parents.close();
    }

    private Job<?, ?> branch(final String name, final boolean primary) {
        Job<?, ?> job = mock(Job.class);
        parents.when(() -> ItemParents.of(job)).thenReturn(project);
        when(job.getFullName()).thenReturn("infra/" + name);
        doReturn(primary ? List.of(new Primary()) : List.of()).when(job).getAllActions();
        branches.add(job);
        return job;
    }

    @Test
    void onlyTheBranchMarkedPrimaryIsStartedByDefault() {
        Job<?, ?> trunk = branch("trunk", true);
        Job<?, ?> main = branch("main", false);
        Job<?, ?> pr = branch("PR-7", false);

        assertThat(branchJobs.starts(trunk, DriftBranches.PRIMARY)).isTrue();
        assertThat(branchJobs.starts(main, DriftBranches.PRIMARY)).as("another branch is marked").isFalse();
        assertThat(branchJobs.starts(pr, DriftBranches.PRIMARY)).isFalse();
        assertThat(branchJobs.starts(pr, DriftBranches.ALL)).isTrue();
    }

    @Test
    void withoutAMarkTheBranchNamedMainOrMasterIsThePrimaryOne() {
        Job<?, ?> main = branch("main", false);
        Job<?, ?> master = branch("master", false);
        Job<?, ?> feature = branch("feature%2Fnet", false);

        assertThat(branchJobs.starts(main, DriftBranches.PRIMARY)).isTrue();
        assertThat(branchJobs.starts(master, DriftBranches.PRIMARY)).isTrue();
        assertThat(branchJobs.starts(feature, DriftBranches.PRIMARY)).isFalse();
    }

    @Test
    void aJobOutsideAMultibranchProjectIsAlwaysStarted() {
        Job<?, ?> job = mock(Job.class);
        parents.when(() -> ItemParents.of(job))
                .thenReturn(mock(ItemGroup.class, withSettings().extraInterfaces(Item.class, ModifiableItemGroup.class)));
        when(job.getFullName()).thenReturn("folder/feature");
        assertThat(branchJobs.starts(job, DriftBranches.PRIMARY)).as("a plain folder").isTrue();
        Job<?, ?> top = mock(Job.class);
        parents.when(() -> ItemParents.of(top)).thenReturn(mock(ItemGroup.class));
        assertThat(branchJobs.starts(top, DriftBranches.PRIMARY)).as("the controller").isTrue();
    }

    @Test
    void theTriggerDefaultsToThePrimaryBranchAndKeepsOnlyAChoiceOfAll() {
        DriftScheduleTrigger trigger = new DriftScheduleTrigger("H * * * *");
        assertThat(trigger.getBranches()).isEqualTo(DriftBranches.PRIMARY);
        trigger.setBranches(DriftBranches.ALL);
        assertThat(trigger.getBranches()).isEqualTo(DriftBranches.ALL);
        trigger.setBranches(null);
        assertThat(trigger.getBranches()).isEqualTo(DriftBranches.PRIMARY);
    }

    /** A tick costs the due job: a branch that is neither marked nor main or master never looks at its siblings. */
    @Test
    void aTickOfABranchThatIsNeitherMarkedNorMainCostsItsOwnActionsOnly() {
        Job<?, ?> trunk = branch("trunk", true);
        List<Job<?, ?>> others = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            others.add(branch("feature-" + i, false));
        }
        // the project was looked at once (it has a marked branch: nothing to tell), then only the due jobs' own actions
        branchJobs.starts(others.get(0), DriftBranches.PRIMARY);
        verify(trunk, times(1)).getAllActions();

        for (int tick = 0; tick < 3; tick++) {
            others.forEach(job -> assertThat(branchJobs.starts(job, DriftBranches.PRIMARY)).isFalse());
            now.addAndGet(60_000);
        }

        verify(trunk, times(1)).getAllActions();
        // each other branch: its own check on each of its ticks, plus the one hourly look
        verify(others.get(0), times(5)).getAllActions();
        verify(others.get(1), times(4)).getAllActions();
    }

    /** An unmarked main branch asks whether another branch is marked: one look per project per minute. */
    @Test
    void anUnmarkedMainBranchLooksAtItsSiblingsOncePerMinute() {
        Job<?, ?> main = branch("main", false);
        Job<?, ?> feature = branch("feature", false);

        assertThat(branchJobs.starts(main, DriftBranches.PRIMARY)).isTrue();
        assertThat(branchJobs.starts(main, DriftBranches.PRIMARY)).isTrue();
        verify(feature, times(1)).getAllActions();
        now.addAndGet(60_000);
        assertThat(branchJobs.starts(main, DriftBranches.PRIMARY)).isTrue();
        verify(feature, times(2)).getAllActions();
    }

    @Test
    void aProjectWithoutAPrimaryBranchIsLoggedOnce() {
        Job<?, ?> trunk = branch("trunk", false);
        Job<?, ?> develop = branch("develop", false);
        List<String> logged = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(final LogRecord record) {
                logged.add(String.valueOf(record.getParameters()[0]));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger(BranchJobs.class.getName());
        logger.addHandler(handler);
        try {
            for (int tick = 0; tick < 3; tick++) {
                assertThat(branchJobs.starts(trunk, DriftBranches.PRIMARY)).isFalse();
                assertThat(branchJobs.starts(develop, DriftBranches.PRIMARY)).isFalse();
                now.addAndGet(60_000);
            }
        } finally {
            logger.removeHandler(handler);
        }
        assertThat(logged).containsExactly("infra");
    }
}
