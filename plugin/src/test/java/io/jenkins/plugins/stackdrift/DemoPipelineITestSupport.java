package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.domains.Domain;
import hudson.model.Descriptor;
import hudson.util.Secret;
import org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jvnet.hudson.test.JenkinsRule;

import io.stackdrift.testing.PosixOnly;

/**
 * What the *ITest classes share (real build only, like them: it needs JenkinsRule): a prepared copy of the demo
 * repository with its simulated tools, a Pipeline on the built-in node that copies it into its workspace, and
 * the demo's credentials in the global store.
 */
@PosixOnly
public final class DemoPipelineITestSupport {
    /** The demo's credentials ids and made-up secret values (each must never reach a log, record or page). */
    public static final Map<String, String> SECRETS = Map.of(
            "aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
            "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");

    private DemoPipelineITestSupport() {
    }

    /** A fresh copy of the demo in {@code dir} (no state of an earlier run), for a test to change before a build. */
    public static Path demoCopy(final Path dir) throws IOException {
        return DemoWorkspace.copyTo(Files.createDirectories(dir));
    }

    /**
     * A Pipeline on the built-in node that copies {@code source} into its workspace (state the workspace kept from
     * earlier builds stays, as in a real checkout) and runs {@code steps} with the demo's simulated tools first on PATH.
     */
    public static WorkflowJob demoJob(final JenkinsRule r, final String name, final Path source, final String steps)
            throws IOException, Descriptor.FormException {
        return demoJob(r, name, "built-in", source, steps);
    }

    /** The same Pipeline on the node(s) of {@code label}. */
    public static WorkflowJob demoJob(final JenkinsRule r, final String name, final String label, final Path source,
            final String steps) throws IOException, Descriptor.FormException {
        WorkflowJob p = r.jenkins.createProject(WorkflowJob.class, name);
        p.setDefinition(new CpsFlowDefinition("node('" + label + "') {\n"
                + "  sh \"cp -R '" + source + "/.' .\"\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n" + steps + "\n  }\n}", true));
        return p;
    }

    /** The demo's credentials as global secret-text credentials, except the ids given; every id listed. */
    public static void addCredentials(final JenkinsRule r, final String... except) throws IOException {
        for (Map.Entry<String, String> secret : SECRETS.entrySet()) {
            if (!List.of(except).contains(secret.getKey())) {
                addListedCredential(r, secret.getKey(), secret.getValue());
            }
        }
        // the ids left out are listed too: a stack that names one fails because it is missing, not unlisted
        for (String id : except) {
            listInGlobalAllowList(r, id);
        }
    }

    /**
     * A global secret-text credential, its id in the global allow-list as an administrator lists it: without a list no
     * stack binds anything. Every ITest that stores a credential for a step goes through here (ITestSourcesTest).
     */
    public static void addListedCredential(final JenkinsRule r, final String id, final String value) throws IOException {
        CredentialsProvider.lookupStores(r.jenkins).iterator().next().addCredentials(Domain.global(),
                new StringCredentialsImpl(CredentialsScope.GLOBAL, id, "test", Secret.fromString(value)));
        listInGlobalAllowList(r, id);
    }

    /** Lists {@code id} in the global allow-list, as an administrator would. */
    public static void listInGlobalAllowList(final JenkinsRule r, final String id) {
        StackDriftGlobalConfiguration global = r.jenkins.getExtensionList(StackDriftGlobalConfiguration.class)
                .get(StackDriftGlobalConfiguration.class);
        List<String> ids = new ArrayList<>(global.getAllowedCredentials());
        if (!ids.contains(id)) {
            ids.add(id);
            global.setAllowedCredentials(ids);
        }
    }

    public static void assertNoSecretIn(final String text) {
        SECRETS.values().forEach(secret -> assertThat(text).doesNotContain(secret));
    }

    /** Replaces one executable of a demo copy's {@code bin/} with a bash script. */
    public static void replaceTool(final Path demo, final String tool, final String script) throws IOException {
        Path executable = demo.resolve("bin").resolve(tool);
        Files.writeString(executable, script);
        Files.setPosixFilePermissions(executable, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Replaces an exact piece of the demo copy's stacks.yaml (fails when the piece is not there). */
    public static void editConfig(final Path demo, final String from, final String to) throws IOException {
        Path config = demo.resolve("stacks.yaml");
        String text = Files.readString(config);
        assertThat(text).contains(from);
        Files.writeString(config, text.replace(from, to));
    }
}
