package io.jenkins.plugins.stackdrift.steps;

import java.nio.file.Path;
import java.util.Map;

import io.jenkins.plugins.stackdrift.DemoPipelineITestSupport;
import org.jvnet.hudson.test.JenkinsRule;

/**
 * Real build only: the demo's network, dns and platform as two shards ({@code [[dns, network], [platform:prod]]};
 * platform:prod depends on network, so shard 2 waits for shard 1), with the demo's simulated tools and credentials.
 */
final class ShardDemoITestSupport {
    static final Path DEMO = Path.of("../examples/demo").toAbsolutePath().normalize();
    static final Map<String, String> SECRETS = Map.of(
            "aws-network-key", "AKIAnetKEY1", "aws-network-secret", "net$ecret/Value2",
            "aws-dns-key", "AKIAdnsKEY3", "aws-dns-secret", "dnsSecretValue4", "pulumi-token", "pul-TOKEN-5");
    static final String CONFIG = String.join("\\n", "parallelism: 1", "stacks:",
            "  - dir: network", "    credentials:", "      AWS_ACCESS_KEY_ID: aws-network-key",
            "      AWS_SECRET_ACCESS_KEY: aws-network-secret",
            "  - dir: dns", "    dependsOn: [network]", "    credentials:", "      AWS_ACCESS_KEY_ID: aws-dns-key",
            "      AWS_SECRET_ACCESS_KEY: aws-dns-secret",
            "  - dir: platform", "    name: prod", "    dependsOn: [network]", "    credentials:",
            "      PULUMI_ACCESS_TOKEN: pulumi-token",
            "ignore:", "  - dir: app", "    reason: not part of this test", "  - dir: legacy/**", "    reason: moved", "");

    private ShardDemoITestSupport() {
    }

    /** The shards' credentials, each listed in the global allow-list (without a list no stack binds anything). */
    static void addSecrets(final JenkinsRule r) throws Exception {
        for (Map.Entry<String, String> secret : SECRETS.entrySet()) {
            DemoPipelineITestSupport.addListedCredential(r, secret.getKey(), secret.getValue());
        }
    }

    /** {@code steps} on {@code label}, in a workspace holding the demo with the test's stacks.yaml and its tools on PATH. */
    static String onTheDemo(final String label, final String steps) {
        return "node('" + label + "') {\n"
                + "  sh \"cp -R '" + DEMO + "/.' . && rm -rf */.terraform */.pulumi\"\n"
                + "  writeFile file: 'stacks.yaml', text: '" + CONFIG + "'\n"
                + "  withEnv([\"PATH+DEMO=${pwd()}/bin\"]) {\n" + steps + "\n  }\n}";
    }
}
