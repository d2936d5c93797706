package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

import hudson.model.Item;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import jenkins.model.Jenkins;
import org.htmlunit.HttpMethod;
import org.htmlunit.WebRequest;
import org.htmlunit.html.HtmlPage;
import org.htmlunit.util.NameValuePair;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.MockAuthorizationStrategy;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * Manage Jenkins → Stack Drift locks on a real Jenkins (real build only): the page lists a held lock with its holder
 * for an administrator and is refused to others; Release is refused without Administer or without a crumb, and with
 * both lets go of the lock.
 */
@WithJenkins
class StackLocksPageITest {
    private static final String PAGE = "manage/" + StackLocksLink.URL_NAME + "/";

    private static WebRequest release(final JenkinsRule.WebClient wc, final boolean crumb) throws Exception {
        WebRequest request = new WebRequest(crumb ? wc.createCrumbedUrl(PAGE + "release")
                : URI.create(wc.getContextPath() + PAGE + "release").toURL(), HttpMethod.POST);
        request.setRequestParameters(List.of(new NameValuePair("scope", "team/app"), new NameValuePair("stack", "net")));
        return request;
    }

    private static boolean held() {
        return JobStackLocks.held().stream().anyMatch(l -> l.scope().equals("team/app") && l.stack().equals("net"));
    }

    @Test
    void anAdministratorSeesTheHeldLocksAndReleasesOneByPostWithACrumb(final JenkinsRule r) throws Exception {
        r.jenkins.setSecurityRealm(r.createDummySecurityRealm());
        r.jenkins.setAuthorizationStrategy(new MockAuthorizationStrategy()
                .grant(Jenkins.ADMINISTER).everywhere().to("alice")
                .grant(Jenkins.READ, Item.READ).everywhere().to("bob"));
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        JobStackLocks.Held lock = JobStackLocks.acquireAll("team/app", List.of("net"), "the deploy (id deploy) of app #3", quiet);
        try (JenkinsRule.WebClient alice = r.createWebClient().login("alice");
                JenkinsRule.WebClient bob = r.createWebClient().login("bob")) {
            alice.setThrowExceptionOnFailingStatusCode(false);
            bob.setThrowExceptionOnFailingStatusCode(false);

            HtmlPage page = alice.goTo(PAGE);
            String text = page.getWebResponse().getContentAsString();
            assertThat(text).contains("team/app").contains("the deploy (id deploy) of app #3");
            assertThat(page.getElementById(StackLocksLink.URL_NAME)).isNotNull();
            assertThat(alice.goTo("manage/").getWebResponse().getContentAsString()).contains(StackLocksLink.URL_NAME);

            assertThat(bob.goTo(PAGE).getWebResponse().getStatusCode()).isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            assertThat(bob.getPage(release(bob, true)).getWebResponse().getStatusCode())
                    .isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            assertThat(alice.getPage(release(alice, false)).getWebResponse().getStatusCode())
                    .isEqualTo(HttpURLConnection.HTTP_FORBIDDEN);
            assertThat(held()).isTrue();

            assertThat(alice.getPage(release(alice, true)).getWebResponse().getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
            assertThat(held()).isFalse();
            assertThat(alice.goTo(PAGE).getWebResponse().getContentAsString()).doesNotContain("the deploy (id deploy) of app #3");
        } finally {
            lock.close();
        }
    }
}
