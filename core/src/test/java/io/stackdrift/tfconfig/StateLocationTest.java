package io.stackdrift.tfconfig;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.stackdrift.tfconfig.BackendAddress.AzureBlob;
import io.stackdrift.tfconfig.BackendAddress.GcsObject;
import io.stackdrift.tfconfig.BackendAddress.LocalFile;
import io.stackdrift.tfconfig.BackendAddress.RemoteWorkspace;
import io.stackdrift.tfconfig.BackendAddress.S3Object;
import io.stackdrift.tfconfig.HclValue.Expression;
import io.stackdrift.tfconfig.HclValue.ObjectValue;
import io.stackdrift.tfconfig.HclValue.Text;

/** Each backend's address for the default workspace and another one, as Terraform keeps their states. */
class StateLocationTest {

    @Test
    void localPathsAreRelativeToTheModuleAndNamedWorkspacesLiveUnderTheWorkspaceDir() {
        assertThat(address("local", config(), "default", "network")).isEqualTo(new LocalFile("network/terraform.tfstate"));
        assertThat(address("local", config(), "default", ".")).isEqualTo(new LocalFile("terraform.tfstate"));
        assertThat(address("local", config("path", "../network/terraform.tfstate"), "default", "app"))
                .isEqualTo(new LocalFile("network/terraform.tfstate"));
        assertThat(address("local", config("path", "./state/a.tfstate"), "default", "envs/prod"))
                .isEqualTo(new LocalFile("envs/prod/state/a.tfstate"));
        assertThat(address("local", config("path", "/srv/state/a.tfstate"), "default", "app"))
                .isEqualTo(new LocalFile("/srv/state/a.tfstate"));
        assertThat(address("local", config(), "prod", "network"))
                .isEqualTo(new LocalFile("network/terraform.tfstate.d/prod/terraform.tfstate"));
        assertThat(address("local", config("workspace_dir", "ws"), "prod", "network"))
                .isEqualTo(new LocalFile("network/ws/prod/terraform.tfstate"));
    }

    @Test
    void s3KeysOfOtherWorkspacesTakeTheWorkspaceKeyPrefix() {
        Map<String, HclValue> s3 = config("bucket", "acme", "key", "network/terraform.tfstate");
        assertThat(address("s3", s3, "default", "x")).isEqualTo(new S3Object("acme", "network/terraform.tfstate"));
        assertThat(address("s3", s3, "prod", "x")).isEqualTo(new S3Object("acme", "env:/prod/network/terraform.tfstate"));
        s3.put("workspace_key_prefix", new Text("workspaces"));
        assertThat(address("s3", s3, "prod", "x")).isEqualTo(new S3Object("acme", "workspaces/prod/network/terraform.tfstate"));
        assertThat(address("s3", s3, "default", "x")).isEqualTo(new S3Object("acme", "network/terraform.tfstate"));
    }

    @Test
    void gcsObjectsAreThePrefixAndTheWorkspace() {
        assertThat(address("gcs", config("bucket", "acme", "prefix", "network"), "default", "x"))
                .isEqualTo(new GcsObject("acme", "network/default.tfstate"));
        assertThat(address("gcs", config("bucket", "acme", "prefix", "/network/"), "prod", "x"))
                .isEqualTo(new GcsObject("acme", "network/prod.tfstate"));
        assertThat(address("gcs", config("bucket", "acme"), "default", "x")).isEqualTo(new GcsObject("acme", "default.tfstate"));
    }

    @Test
    void azureKeysOfOtherWorkspacesTakeASuffix() {
        Map<String, HclValue> azure = config("storage_account_name", "acct", "container_name", "tfstate", "key", "network.tfstate");
        assertThat(address("azurerm", azure, "default", "x")).isEqualTo(new AzureBlob("tfstate", "network.tfstate"));
        assertThat(address("azurerm", azure, "prod", "x")).isEqualTo(new AzureBlob("tfstate", "network.tfstateenv:prod"));
    }

    @Test
    void remoteAndCloudNameAWorkspaceByNameOrByPrefix() {
        Map<String, HclValue> named = config("organization", "acme");
        named.put("workspaces", new ObjectValue(Map.of("name", new Text("network"))));
        assertThat(address("remote", named, "default", "x")).isEqualTo(new RemoteWorkspace("acme", "network"));
        assertThat(address("cloud", named, "default", "x")).isEqualTo(new RemoteWorkspace("acme", "network"));
        assertThat(unknown("remote", named, "prod")).isEqualTo("`workspaces.name` names one workspace, not prod");
        Map<String, HclValue> prefixed = config("organization", "acme");
        prefixed.put("workspaces", new ObjectValue(Map.of("prefix", new Text("network-"))));
        assertThat(address("remote", prefixed, "prod", "x")).isEqualTo(new RemoteWorkspace("acme", "network-prod"));
        assertThat(unknown("remote", prefixed, "default")).startsWith("`workspaces` names no one workspace");
        Map<String, HclValue> tagged = config("organization", "acme");
        tagged.put("workspaces", new ObjectValue(Map.of("tags", Expression.UNKNOWN)));
        assertThat(unknown("cloud", tagged, "default")).startsWith("`workspaces` names no one workspace");
    }

    @Test
    void aValueThatIsNoPlainStringOrIsMissingIsNeverGuessed() {
        Map<String, HclValue> variable = config("key", "network/terraform.tfstate");
        variable.put("bucket", Expression.UNKNOWN);
        assertThat(unknown("s3", variable, "default")).isEqualTo("`bucket` is not a plain string");
        assertThat(unknown("s3", config("bucket", "acme"), "default")).isEqualTo("`key` is not set here (a partial configuration?)");
        Map<String, HclValue> prefix = config("bucket", "acme", "key", "k");
        prefix.put("workspace_key_prefix", Expression.UNKNOWN);
        // the prefix counts only for another workspace: the default one is known without it
        assertThat(address("s3", prefix, "default", "x")).isEqualTo(new S3Object("acme", "k"));
        assertThat(unknown("s3", prefix, "prod")).isEqualTo("`workspace_key_prefix` is not a plain string");
        assertThat(unknown("consul", config("path", "x"), "default"))
                .isEqualTo("its backend is `consul`; Stack Drift matches local, s3, gcs, azurerm, remote, cloud");
    }

    @Test
    void anAddressInWordsNamesNoCredential() {
        Map<String, HclValue> s3 = config("bucket", "acme", "key", "k", "access_key", "AKIA-NOT-REAL", "secret_key", "hunter2");
        BackendAddress address = address("s3", s3, "default", "x");
        assertThat(address.describe()).isEqualTo("s3 bucket acme key k").doesNotContain("AKIA", "hunter2");
        Map<String, HclValue> remote = config("organization", "acme", "token", "hunter2");
        remote.put("workspaces", new ObjectValue(Map.of("name", new Text("w"))));
        assertThat(address("remote", remote, "default", "x").describe()).isEqualTo("remote organization acme workspace w");
    }

    private static BackendAddress address(final String type, final Map<String, HclValue> config, final String workspace, final String dir) {
        StateLocation location = StateLocation.of(type, new ObjectValue(config), workspace, dir);
        assertThat(location.unknown()).isEmpty();
        return location.address().orElseThrow();
    }

    private static String unknown(final String type, final Map<String, HclValue> config, final String workspace) {
        StateLocation location = StateLocation.of(type, new ObjectValue(config), workspace, "x");
        assertThat(location.address()).isEmpty();
        return location.unknown();
    }

    private static Map<String, HclValue> config(final String... keysAndValues) {
        Map<String, HclValue> config = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            config.put(keysAndValues[i], new Text(keysAndValues[i + 1]));
        }
        return config;
    }
}
