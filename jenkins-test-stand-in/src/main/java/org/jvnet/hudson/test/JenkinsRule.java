package org.jvnet.hudson.test;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Label;
import hudson.model.Node;
import hudson.model.Queue;
import hudson.model.Result;
import hudson.model.Run;
import hudson.security.SecurityRealm;
import hudson.slaves.DumbSlave;
import jenkins.model.Jenkins;
import jenkins.model.ParameterizedJobMixIn;
import org.htmlunit.FailingHttpStatusCodeException;
import org.htmlunit.Page;
import org.htmlunit.html.HtmlPage;
import org.xml.sax.SAXException;

// the real rule is also a JUnit 4 TestRule/MethodRule and a RootAction: nothing here runs it
public class JenkinsRule {
    public Jenkins jenkins;

    public String contextPath = "/jenkins";

    public DumbSlave createOnlineSlave(@CheckForNull Label l) throws Exception {
        throw new UnsupportedOperationException();
    }

    public DummySecurityRealm createDummySecurityRealm() {
        throw new UnsupportedOperationException();
    }

    public static class DummySecurityRealm extends SecurityRealm {
        DummySecurityRealm() {}
    }

    public void configRoundtrip() throws Exception {
        throw new UnsupportedOperationException();
    }

    public <R extends Run> R assertBuildStatus(Result status, R r) throws Exception {
        throw new UnsupportedOperationException();
    }

    public <R extends Run> R assertBuildStatusSuccess(R r) throws Exception {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public <J extends Job<J, R> & ParameterizedJobMixIn.ParameterizedJob<J, R>, R extends Run<J, R> & Queue.Executable>
            R buildAndAssertSuccess(@NonNull J job) throws Exception {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public <J extends Job<J, R> & ParameterizedJobMixIn.ParameterizedJob<J, R>, R extends Run<J, R> & Queue.Executable>
            R buildAndAssertStatus(@NonNull Result status, @NonNull J job) throws Exception {
        throw new UnsupportedOperationException();
    }

    public void assertLogContains(String substring, Run run) throws IOException {
        throw new UnsupportedOperationException();
    }

    public void assertLogNotContains(String substring, Run run) throws IOException {
        throw new UnsupportedOperationException();
    }

    public static String getLog(Run run) throws IOException {
        throw new UnsupportedOperationException();
    }

    public <R extends Run<?, ?>> R waitForCompletion(R r) throws InterruptedException {
        throw new UnsupportedOperationException();
    }

    public <R extends Run<?, ?>> R waitForMessage(String message, R r) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void assertEqualDataBoundBeans(Object lhs, Object rhs)
            throws InvocationTargetException, NoSuchMethodException, IllegalAccessException {
        throw new UnsupportedOperationException();
    }

    public void waitUntilNoActivity() throws Exception {
        throw new UnsupportedOperationException();
    }

    public WebClient createWebClient() {
        throw new UnsupportedOperationException();
    }

    // the real class's own name clashes with HtmlUnit's, which it extends: named whole, as in the real source
    @SuppressWarnings("checkstyle:inlineQualifiedName")
    public class WebClient extends org.htmlunit.WebClient {
        private static final long serialVersionUID = -7944895389154288881L;

        public WebClient() {
        }

        public WebClient login(String username) throws Exception {
            throw new UnsupportedOperationException();
        }

        public void setThrowExceptionOnFailingStatusCode(boolean enabled) {
            throw new UnsupportedOperationException();
        }

        public HtmlPage getPage(Run r) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        public HtmlPage getPage(Run r, String relative) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        public HtmlPage getPage(Item item) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        public HtmlPage getPage(Item item, String relative) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        public HtmlPage getPage(Node item) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        public HtmlPage getPage(Node item, String relative) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        @Deprecated
        @SuppressWarnings("unchecked")
        @Override
        public Page getPage(String url) throws IOException, FailingHttpStatusCodeException {
            throw new UnsupportedOperationException();
        }

        public HtmlPage goTo(String relative) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        public Page goTo(String relative, @CheckForNull String expectedContentType) throws IOException, SAXException {
            throw new UnsupportedOperationException();
        }

        public void assertFails(String url, int statusCode) throws Exception {
            throw new UnsupportedOperationException();
        }

        public String getContextPath() throws IOException {
            throw new UnsupportedOperationException();
        }

        public URL createCrumbedUrl(String relativePath) throws IOException {
            throw new UnsupportedOperationException();
        }
    }
}
