package io.jenkins.plugins.stackdrift;

import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.addCredentials;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoCopy;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoJob;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.editConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Queue;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.actions.ApproveDeployAction;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import jenkins.model.Jenkins;
import org.htmlunit.HttpMethod;
import org.htmlunit.WebRequest;
import org.htmlunit.WebResponse;
import org.htmlunit.html.HtmlPage;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.MockAuthorizationStrategy;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * "Approve deploy" on a real Jenkins (real build only): the POST with a crumb by a user with Build permission
 * queues exactly one build that deploys the approved stacks; without Build permission or without a crumb it is
 * refused and nothing is queued; two approvals made while the first is still waiting in the queue give two builds
 * (the queue action vetoes folding), each with its own approval. The demo's {@code dns} stack is put in drift mode
 * {@code approve} here, so a deploy of it stops awaiting approval.
 */
@WithJenkins
@PosixOnly
class ApprovalITest {

    @TempDir
    Path temp;

    private JenkinsRule r;
    private WorkflowJob p;
    private Path demo;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) throws Exception {
        r = rule;
        addCredentials(r);
        demo = demoCopy(temp.resolve("demo"));
        editConfig(demo, "    dependsOn: [network]\n    drift:\n      mode: report\n",
                "    dependsOn: [network]\n    drift:\n      mode: approve\n");
        p = demoJob(r, "approvals", demo, "deployStacks(stacks: ['dns'])");
        r.jenkins.setSecurityRealm(r.createDummySecurityRealm());
        r.jenkins.setAuthorizationStrategy(new MockAuthorizationStrategy()
                .grant(Jenkins.READ, Item.READ).everywhere().to("alice", "bob", "carol")
                .grant(Item.BUILD).everywhere().to("alice", "carol"));
    }

    /** A build whose deploy left dns awaiting approval (the driftResult default makes it UNSTABLE). */
    private WorkflowRun awaitingBuild() throws Exception {
        WorkflowRun b = r.buildAndAssertStatus(Result.UNSTABLE, p);
        ApproveDeployAction approval = b.getAction(ApproveDeployAction.class);
        assertThat(approval).isNotNull();
        assertThat(approval.getStacks()).containsExactly("dns");
        assertThat(approval.isApproved()).isFalse();
        return b;
    }

    /** The approval POST (redirects followed): the response of the page it ends on. */
    private static WebResponse post(final JenkinsRule.WebClient wc, final WorkflowRun b, final boolean crumb) throws Exception {
        return post(wc, b, crumb, "approve");
    }

    /** A POST to the approval's {@code approve} or {@code reject}. */
    private static WebResponse post(final JenkinsRule.WebClient wc, final WorkflowRun b, final boolean crumb, final String what)
            throws Exception {
        String approve = b.getUrl() + b.getAction(ApproveDeployAction.class).getUrlName() + "/" + what;
        WebRequest request = new WebRequest(crumb ? wc.createCrumbedUrl(approve)
                : URI.create(wc.getContextPath() + approve).toURL(), HttpMethod.POST);
        return wc.getPage(request).getWebResponse();
    }

    @Test
    void aPostWithACrumbAndBuildPermissionQueuesOneBuildThatDeploysTheApprovedStacks() throws Exception {
        WorkflowRun source = awaitingBuild();
        ApproveDeployAction approval = source.getAction(ApproveDeployAction.class);

        try (JenkinsRule.WebClient bob = r.createWebClient().login("bob");
                JenkinsRule.WebClient alice = r.createWebClient().login("alice")) {
            bob.setThrowExceptionOnFailingStatusCode(false);
            alice.setThrowExceptionOnFailingStatusCode(false);

            // without Build permission: no link, the page says why, and the POST is refused
            String url = approval.getUrlName() + "/";
            // the side panel's link, as Jenkins writes it: the context path, the build's URL, the action's, no slash
            String link = "href=\"" + r.contextPath + "/" + source.getUrl() + approval.getUrlName() + "\"";
            assertThat(bob.getPage(source).getWebResponse().getContentAsString()).doesNotContain(link);
            assertThat(bob.getPage(source, url).getWebResponse().getContentAsString())
                    .contains("only users with Build permission on this job can approve");
            assertThat(post(bob, source, true).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            // with Build permission but no crumb: refused by the CSRF protection
            assertThat(post(alice, source, false).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            r.waitUntilNoActivity();
            assertThat(p.getLastBuild().getNumber()).isEqualTo(source.getNumber());
            assertThat(approval.isApproved()).isFalse();

            // with it: the link, the page's form; the POST with a crumb redirects to the job and queues one build
            assertThat(alice.getPage(source).getWebResponse().getContentAsString()).contains(link);
            HtmlPage page = alice.getPage(source, url);
            assertThat(page.getFormByName("approve")).isNotNull();
            WebResponse approved = post(alice, source, true);
            assertThat(approved.getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
            assertThat(approved.getWebRequest().getUrl().toString()).endsWith("/" + p.getUrl());
            r.waitUntilNoActivity();
            assertThat(approval.isApproved()).isTrue();

            WorkflowRun deploy = p.getLastBuild();
            assertThat(deploy.getNumber()).isEqualTo(source.getNumber() + 1);
            ApprovalCause cause = deploy.getCause(ApprovalCause.class);
            assertThat(cause.getSourceBuild()).isEqualTo(source.getNumber());
            assertThat(cause.getStacks()).containsExactly("dns");
            assertThat(deploy.getCause(Cause.UserIdCause.class).getUserId()).isEqualTo("alice");
            r.assertBuildStatusSuccess(deploy);
            r.assertLogContains("approved in build #" + source.getNumber() + ": dns", deploy);
            assertThat(deploy.getAction(ApproveDeployAction.class)).isNull();

            // a second POST of the same approval queues nothing more
            assertThat(post(alice, source, true).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
            r.waitUntilNoActivity();
            assertThat(p.getLastBuild().getNumber()).isEqualTo(deploy.getNumber());
        }
    }

    @Test
    void twoApprovalsMadeWhileTheFirstStillWaitsInTheQueueGiveTwoBuilds() throws Exception {
        WorkflowRun first = awaitingBuild();
        WorkflowRun second = awaitingBuild();
        // holding the queue lock keeps the first approval's item waiting while the second is scheduled: the queue
        // folds a new item into a waiting one of the same job unless an action vetoes it
        Queue.withLock(() -> {
            first.getAction(ApproveDeployAction.class).approve(p);
            second.getAction(ApproveDeployAction.class).approve(p);
            return null;
        });
        r.waitUntilNoActivity();

        List<Integer> sources = new ArrayList<>();
        for (WorkflowRun b : p.getBuilds()) {
            List<ApprovalCause> causes = new ArrayList<>();
            b.getCauses().stream().filter(ApprovalCause.class::isInstance).forEach(c -> causes.add((ApprovalCause) c));
            assertThat(causes).as("approval causes of build #%d", b.getNumber()).hasSizeLessThanOrEqualTo(1);
            causes.forEach(c -> sources.add(c.getSourceBuild()));
        }
        assertThat(p.getBuilds()).hasSize(4);
        assertThat(sources).containsExactlyInAnyOrder(first.getNumber(), second.getNumber());
        assertThat(first.getAction(ApproveDeployAction.class).isApproved()).isTrue();
        assertThat(second.getAction(ApproveDeployAction.class).isApproved()).isTrue();
    }

    @Test
    void aUserOutsideApproversIsRefusedThoughTheyMayBuildAndAListedUserApproves() throws Exception {
        p = demoJob(r, "listed", demo, "deployStacks(stacks: ['dns'], approvers: 'carol')");
        WorkflowRun source = awaitingBuild();
        ApproveDeployAction approval = source.getAction(ApproveDeployAction.class);
        assertThat(approval.getApprovers()).isEqualTo("carol");

        try (JenkinsRule.WebClient alice = r.createWebClient().login("alice");
                JenkinsRule.WebClient carol = r.createWebClient().login("carol")) {
            alice.setThrowExceptionOnFailingStatusCode(false);
            carol.setThrowExceptionOnFailingStatusCode(false);

            // alice has Build permission but is not an approver: the page says who may, both POSTs are refused
            assertThat(alice.getPage(source, approval.getUrlName() + "/").getWebResponse().getContentAsString())
                    .contains("only carol (or an administrator) may approve or reject this");
            assertThat(post(alice, source, true).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            assertThat(post(alice, source, true, "reject").getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            r.waitUntilNoActivity();
            assertThat(p.getLastBuild().getNumber()).isEqualTo(source.getNumber());
            assertThat(approval.isApproved()).isFalse();
            assertThat(approval.isRejected()).isFalse();

            // carol approves: one build, and who approved is recorded on the build that awaited it
            assertThat(post(carol, source, true).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
            r.waitUntilNoActivity();
            assertThat(approval.isApproved()).isTrue();
            assertThat(approval.getDecidedBy()).isEqualTo("carol");
            WorkflowRun deploy = p.getLastBuild();
            assertThat(deploy.getCause(Cause.UserIdCause.class).getUserId()).isEqualTo("carol");
            r.assertBuildStatusSuccess(deploy);
        }
    }

    @Test
    void aRejectionClosesTheApprovalAndRecordsWhoAndNothingIsQueued() throws Exception {
        WorkflowRun source = awaitingBuild();
        ApproveDeployAction approval = source.getAction(ApproveDeployAction.class);

        try (JenkinsRule.WebClient alice = r.createWebClient().login("alice");
                JenkinsRule.WebClient carol = r.createWebClient().login("carol")) {
            alice.setThrowExceptionOnFailingStatusCode(false);
            carol.setThrowExceptionOnFailingStatusCode(false);
            // without a crumb a rejection is refused like an approval
            assertThat(post(alice, source, false, "reject").getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            assertThat(post(alice, source, true, "reject").getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
            assertThat(approval.isRejected()).isTrue();
            assertThat(approval.getDecidedBy()).isEqualTo("alice");
            // closed: a later approval is refused and queues nothing
            assertThat(post(carol, source, true).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            r.waitUntilNoActivity();
            assertThat(p.getLastBuild().getNumber()).isEqualTo(source.getNumber());
        }
    }

    @Test
    void theUserWhoStartedTheBuildIsRefusedWhenSelfApprovalIsRefused() throws Exception {
        p = demoJob(r, "self", demo, "deployStacks(stacks: ['dns'], selfApproval: 'REFUSED')");
        WorkflowRun source = r.assertBuildStatus(Result.UNSTABLE,
                p.scheduleBuild2(0, new CauseAction(new Cause.UserIdCause("alice"))).get());
        assertThat(source.getAction(ApproveDeployAction.class).getOwnUsers()).containsExactly("alice");

        try (JenkinsRule.WebClient alice = r.createWebClient().login("alice");
                JenkinsRule.WebClient carol = r.createWebClient().login("carol")) {
            alice.setThrowExceptionOnFailingStatusCode(false);
            carol.setThrowExceptionOnFailingStatusCode(false);
            assertThat(post(alice, source, true).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            assertThat(post(carol, source, true).getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
            r.waitUntilNoActivity();
            assertThat(source.getAction(ApproveDeployAction.class).getDecidedBy()).isEqualTo("carol");
        }
    }
}
