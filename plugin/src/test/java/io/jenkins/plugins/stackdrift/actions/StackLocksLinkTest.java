package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mockStatic;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.List;

import hudson.model.ManagementLink;
import io.jenkins.plugins.stackdrift.JenkinsFacade;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import io.jenkins.plugins.stackdrift.history.SavedStackLocks;
import jenkins.model.Jenkins;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.verb.POST;
import org.mockito.MockedStatic;
import org.springframework.security.access.AccessDeniedException;

/** The Manage Jenkins page of held stack locks: administrators only, its rows, and a release by POST only. */
class StackLocksLinkTest {
    private final StackLocksLink link = new StackLocksLink();

    @Test
    void theLinkIsForAdministratorsUnderStatus() {
        assertThat(link.getRequiredPermission()).isSameAs(Jenkins.ADMINISTER);
        assertThat(link.getCategory()).isEqualTo(ManagementLink.Category.STATUS);
        assertThat(link.getUrlName()).isEqualTo("stack-drift-locks");
        assertThat(link.getDisplayName()).isEqualTo("Stack Drift locks");
    }

    @Test
    void thePageListsEachHeldLockWithItsHolderAndAge() throws Exception {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        // the page restores the locks saved before a restart first (the controller's home; here none)
        try (MockedStatic<SavedStackLocks> saved = mockStatic(SavedStackLocks.class);
                JobStackLocks.Held held = JobStackLocks.acquireAll("page/test", List.of("net"), "the deploy (id deploy) of app #4",
                quiet)) {
            assertThat(held.stacks()).containsExactly("net");
            saved.verifyNoInteractions();
            assertThat(link.getLocks()).filteredOn(r -> r.getScope().equals("page/test")).singleElement().satisfies(row -> {
                assertThat(row.getStack()).isEqualTo("net");
                assertThat(row.getHolder()).isEqualTo("the deploy (id deploy) of app #4");
                assertThat(row.getAge()).isNotBlank();
            });
        }
        try (MockedStatic<SavedStackLocks> saved = mockStatic(SavedStackLocks.class)) {
            assertThat(link.getLocks()).noneMatch(r -> r.getScope().equals("page/test"));
            saved.verify(SavedStackLocks::ensureRestored);
        }
    }

    @Test
    void theReleaseIsAPostThatChecksTheAdministerPermissionBeforeItReleases() throws Exception {
        Method release = StackLocksLink.class.getMethod("doRelease", String.class, String.class,
                StaplerResponse2.class);
        assertThat(release.getAnnotation(POST.class)).isNotNull();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        try (JobStackLocks.Held held = JobStackLocks.acquireAll("page/release", List.of("net"), "a build", quiet);
                MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            // a user without Administer: refused, and the lock stays held (the check is stubbed, so this is the same
            // against the stand-in and against the real Jenkins, where no Jenkins instance runs in a unit test)
            facade.when(JenkinsFacade::checkAdminister).thenThrow(new AccessDeniedException("not an administrator"));
            assertThatThrownBy(() -> link.doRelease("page/release", "net", null)).isInstanceOf(AccessDeniedException.class);
            assertThat(JobStackLocks.held()).anyMatch(l -> l.scope().equals("page/release"));
            assertThat(held.stacks()).containsExactly("net");
        }
    }
}
