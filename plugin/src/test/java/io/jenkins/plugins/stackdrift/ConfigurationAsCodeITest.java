package io.jenkins.plugins.stackdrift;

import static io.jenkins.plugins.casc.misc.Util.getUnclassifiedRoot;
import static io.jenkins.plugins.casc.misc.Util.toYamlString;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
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
    private static final Map<String, String> CONFIGURED = Map.of(
            "defaultParallelism", "3", "defaultDriftResult", "FAILURE", "defaultFailedResult", "UNSTABLE",
            "terraformPath", "/opt/casc/bin/terraform", "tofuPath", "/opt/casc/bin/tofu", "pulumiPath", "/opt/casc/bin/pulumi",
            "allowedCredentials", "aws-dev-key,aws-dev-secret", "toolTimeout", "2h");

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
        for (String key : mapping.keySet()) {
            CNode value = mapping.get(key);
            // a list attribute (allowedCredentials, sharedLockScopes): its items, joined as current() joins them
            values.put(key, value.getType() == CNode.Type.SEQUENCE
                    ? value.asSequence().stream().map(item -> {
                        try {
                            return item.asScalar().getValue();
                        } catch (Exception e) {
                            throw new AssertionError(key + " holds a non-scalar item", e);
                        }
                    }).collect(Collectors.joining(","))
                    : value.asScalar().getValue());
        }
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

    @Test
    void aNegativeParallelismFailsTheImportWithTheAttributesName(final JenkinsConfiguredWithCodeRule j) {
        String negative = ConfigurationAsCodeITest.class.getResource("ConfigurationAsCodeITest-negative.yml").toExternalForm();
        assertThatThrownBy(() -> ConfigurationAsCode.get().configure(negative))
                .isInstanceOf(ConfiguratorException.class)
                .hasMessageContaining("defaultParallelism");
        assertThat(config().getDefaultParallelism()).isZero();
    }
}
