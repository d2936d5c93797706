package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.ExtensionList;
import io.jenkins.plugins.casc.misc.junit.jupiter.AbstractRoundTripTest;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

/**
 * The JCasC test harness's own round trip of {@code unclassified: stackDrift:} (real build only): configure from the
 * YAML, check and apply it through JCasC's web UI, restart Jenkins with it and find it applied again, the
 * configuration checked after each step.
 */
@WithJenkins
class ConfigurationAsCodeRoundTripITest extends AbstractRoundTripTest {
    @Override
    protected void assertConfiguredAsExpected(final JenkinsRule j, final String configContent) {
        StackDriftGlobalConfiguration config = ExtensionList.lookupSingleton(StackDriftGlobalConfiguration.class);
        assertThat(config.getDefaultParallelism()).isEqualTo(5);
        assertThat(config.getDefaultDriftResult()).isEqualTo("SUCCESS");
        assertThat(config.getDefaultFailedResult()).isEqualTo("UNSTABLE");
        assertThat(config.getTerraformPath()).isEqualTo("/opt/casc-round-trip/bin/terraform");
        assertThat(config.getTofuPath()).isEqualTo("/opt/casc-round-trip/bin/tofu");
        assertThat(config.getPulumiPath()).isEqualTo("/opt/casc-round-trip/bin/pulumi");
        assertThat(config.getToolTimeout()).isEqualTo("1h30m");
        assertThat(config.getDurability().isDurableSteps()).isFalse();
        assertThat(config.getDurability().getAgentReconnectTimeout()).isEqualTo("1m30s");
        assertThat(config.getDurability().getToolStopGrace()).isEqualTo("1m");
    }

    @Override
    protected String configResource() {
        return "ConfigurationAsCodeRoundTripITest.yml";
    }

    /** Logged by JCasC when it sets the attribute after the restart (nowhere else in the log). */
    @Override
    protected String stringInLogExpected() {
        return "/opt/casc-round-trip/bin/terraform";
    }
}
