package io.jenkins.plugins.stackdrift;

import static io.jenkins.plugins.casc.misc.Util.getUnclassifiedRoot;
import static io.jenkins.plugins.casc.misc.Util.toYamlString;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import hudson.ExtensionList;
import io.jenkins.plugins.casc.ConfigurationAsCode;
import io.jenkins.plugins.casc.ConfigurationContext;
import io.jenkins.plugins.casc.ConfiguratorException;
import io.jenkins.plugins.casc.ConfiguratorRegistry;
import io.jenkins.plugins.casc.misc.ConfiguredWithCode;
import io.jenkins.plugins.casc.misc.JenkinsConfiguredWithCodeRule;
import io.jenkins.plugins.casc.misc.junit.jupiter.WithJenkinsConfiguredWithCode;
import io.jenkins.plugins.casc.model.CNode;
import io.jenkins.plugins.casc.model.Mapping;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code unclassified: stackDrift:} through Configuration as Code (real build only, JCasC test harness): an import
 * sets every attribute, the export gives back what was imported, and the exported YAML applied to a Jenkins at
 * the defaults restores the same configuration. A value the plugin refuses fails the import with the attribute's
 * name instead of being taken.
 */
@WithJenkinsConfiguredWithCode
class ConfigurationAsCodeITest {
    private static final Map<String, String> CONFIGURED = Map.ofEntries(Map.entry("defaultParallelism", "3"),
            Map.entry("defaultDriftResult", "FAILURE"), Map.entry("defaultFailedResult", "UNSTABLE"),
            Map.entry("terraformPath", "/opt/casc/bin/terraform"), Map.entry("tofuPath", "/opt/casc/bin/tofu"),
            Map.entry("pulumiPath", "/opt/casc/bin/pulumi"), Map.entry("allowedCredentials", "aws-dev-key,aws-dev-secret"),
            Map.entry("toolTimeout", "2h"), Map.entry("durability.durableSteps", "false"),
            Map.entry("durability.agentReconnectTimeout", "10m"), Map.entry("durability.toolStopGrace", "3m"));

    private static StackDriftGlobalConfiguration config() {
        return ExtensionList.lookupSingleton(StackDriftGlobalConfiguration.class);
    }

    private static Map<String, String> current() {
        StackDriftGlobalConfiguration c = config();
        Map<String, String> values = new TreeMap<>();
        values.put("defaultParallelism", Integer.toString(c.getDefaultParallelism()));
        values.put("defaultDriftResult", c.getDefaultDriftResult());
        values.put("defaultFailedResult", c.getDefaultFailedResult());
        values.put("terraformPath", c.getTerraformPath());
        values.put("tofuPath", c.getTofuPath());
        values.put("pulumiPath", c.getPulumiPath());
        values.put("allowedCredentials", String.join(",", c.getAllowedCredentials()));
        values.put("toolTimeout", c.getToolTimeout());
        values.put("durability.durableSteps", Boolean.toString(c.getDurability().isDurableSteps()));
        values.put("durability.agentReconnectTimeout", c.getDurability().getAgentReconnectTimeout());
        values.put("durability.toolStopGrace", c.getDurability().getToolStopGrace());
        return values;
    }

    private static void backToTheDefaults() {
        StackDriftGlobalConfiguration c = config();
        c.setDefaultParallelism(0);
        c.setDefaultDriftResult("UNSTABLE");
        c.setDefaultFailedResult("FAILURE");
        c.setTerraformPath("");
        c.setTofuPath("");
        c.setPulumiPath("");
        c.setAllowedCredentials(List.of());
        c.setToolTimeout("");
        c.setDurability(new Durability());
    }

    private static CNode exported() throws Exception {
        return getUnclassifiedRoot(new ConfigurationContext(ConfiguratorRegistry.get())).get("stackDrift");
    }

    @Test
    @ConfiguredWithCode("ConfigurationAsCodeITest.yml")
    void theImportSetsEveryAttribute(final JenkinsConfiguredWithCodeRule j) {
        assertThat(current()).isEqualTo(CONFIGURED);
    }

    @Test
    @ConfiguredWithCode("ConfigurationAsCodeITest.yml")
    void theExportGivesBackWhatWasImportedAndAppliesToTheSameConfiguration(final JenkinsConfiguredWithCodeRule j,
            @TempDir final Path temp) throws Exception {
        CNode node = exported();
        assertThat(node).as("unclassified.stackDrift in the export").isNotNull();
        Mapping mapping = node.asMapping();
        Map<String, String> values = new TreeMap<>();
        // read without Mapping.getScalarValue, which removes the entry it reads: the node is written back below
        flatten("", mapping, values);
        assertThat(values).containsAllEntriesOf(CONFIGURED);

        String yaml = toYamlString(node);
        backToTheDefaults();
        assertThat(current()).isNotEqualTo(CONFIGURED);
        Path file = temp.resolve("exported.yml");
        Files.writeString(file, "unclassified:\n  stackDrift:\n"
                + yaml.lines().map(line -> "    " + line).collect(Collectors.joining("\n")) + "\n");
        ConfigurationAsCode.get().configure(file.toUri().toString());
        assertThat(current()).isEqualTo(CONFIGURED);
    }

    /** The mapping's scalars by key ({@code group.key} for a group's), a list's items joined as current() joins them. */
    private static void flatten(final String prefix, final Mapping mapping, final Map<String, String> values) throws Exception {
        for (String key : mapping.keySet()) {
            CNode value = mapping.get(key);
            if (value.getType() == CNode.Type.MAPPING) {
                flatten(prefix + key + ".", value.asMapping(), values);
            } else if (value.getType() == CNode.Type.SEQUENCE) {
                List<String> items = new ArrayList<>();
                for (CNode item : value.asSequence()) {
                    items.add(item.asScalar().getValue());
                }
                values.put(prefix + key, String.join(",", items));
            } else {
                values.put(prefix + key, value.asScalar().getValue());
            }
        }
    }

    @Test
    void aGraceThatIsNotADurationFailsTheImportWithTheAttributesName(final JenkinsConfiguredWithCodeRule j) {
        String bad = ConfigurationAsCodeITest.class.getResource("ConfigurationAsCodeITest-grace.yml").toExternalForm();
        assertThatThrownBy(() -> ConfigurationAsCode.get().configure(bad))
                .isInstanceOf(ConfiguratorException.class)
                .hasMessageContaining("toolStopGrace");
        assertThat(config().getDurability().getToolStopGrace()).isEmpty();
    }

    @Test
    void aNegativeParallelismFailsTheImportWithTheAttributesName(final JenkinsConfiguredWithCodeRule j) {
        String negative = ConfigurationAsCodeITest.class.getResource("ConfigurationAsCodeITest-negative.yml").toExternalForm();
        assertThatThrownBy(() -> ConfigurationAsCode.get().configure(negative))
                .isInstanceOf(ConfiguratorException.class)
                .hasMessageContaining("defaultParallelism");
        assertThat(config().getDefaultParallelism()).isZero();
    }
}
