package io.stackdrift.tfconfig;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.tfconfig.StateMatcher.ModuleStack;
import io.stackdrift.tfconfig.StateMatcher.StateDependencies;

/** Parsed configurations of every backend, matched: a read gives an edge only to the one stack that writes that state. */
class StateMatcherTest {
    @TempDir
    Path root;

    @Test
    void aLocalPathReadMatchesTheStackWithoutABackendBlock() throws IOException {
        write("network/main.tf", "resource \"terraform_data\" \"vpc\" {}\n");
        write("app/main.tf", remoteState("net", "local", "path = \"../network/terraform.tfstate\""));

        StateDependencies found = match(reader("app"), stack("network"));

        assertThat(found.edges()).isEqualTo(Map.of(id("app"), List.of(id("network"))));
        assertThat(found.notes()).isEmpty();
        assertThat(found.problems()).isEmpty();
    }

    @Test
    void eachBackendMatchesItsOwnAddressOnly() throws IOException {
        write("s3net/backend.tf", backend("s3",
                "bucket = \"acme\"\n    key = \"net.tfstate\"\n    access_key = \"AKIA-NOT-REAL\""));
        write("gcsnet/backend.tf", backend("gcs", "bucket = \"acme\"\n    prefix = \"net\""));
        write("aznet/backend.tf", backend("azurerm", "container_name = \"tfstate\"\n    key = \"net.tfstate\""));
        write("tfc/main.tf", "terraform {\n  cloud {\n    organization = \"acme\"\n"
                + "    workspaces {\n      name = \"net\"\n    }\n  }\n}\n");
        write("app/main.tf", remoteState("a", "s3", "bucket = \"acme\"\n    key = \"net.tfstate\"")
                + remoteState("b", "gcs", "bucket = \"acme\"\n    prefix = \"net\"")
                + remoteState("c", "azurerm", "container_name = \"tfstate\"\n    key = \"net.tfstate\"")
                + remoteState("d", "remote", "organization = \"acme\"\n    workspaces = { name = \"net\" }")
                // the same bucket, another key: no stack writes it
                + remoteState("e", "s3", "bucket = \"acme\"\n    key = \"other.tfstate\"\n    secret_key = \"hunter2\""));

        StateDependencies found = match(reader("app"), stack("s3net"), stack("gcsnet"), stack("aznet"), stack("tfc"));

        assertThat(found.edges()).isEqualTo(Map.of(id("app"), List.of(id("aznet"), id("gcsnet"), id("s3net"), id("tfc"))));
        assertThat(found.notes()).containsExactly("app reads a state this repository does not deploy: s3 bucket acme key other.tfstate"
                + " (data.terraform_remote_state.e, app/main.tf:29)");
        assertThat(String.join("\n", found.notes())).doesNotContain("AKIA", "hunter2");
    }

    @Test
    void workspacesMatchOnBothSides() throws IOException {
        write("network/backend.tf", backend("s3", "bucket = \"acme\"\n    key = \"net.tfstate\""));
        write("app/main.tf", remoteState("prod", "s3", "bucket = \"acme\"\n    key = \"net.tfstate\"", "workspace = \"prod\"")
                + remoteState("plain", "s3", "bucket = \"acme\"\n    key = \"net.tfstate\""));

        // a stack whose own state is not known is named only when some read matched nothing
        write("dns/backend.tf", backend("s3", "bucket = var.bucket\n    key = \"dns.tfstate\""));

        StateDependencies found = match(reader("app"), new ModuleStack(id("network:prod"), "network", "prod", false),
                new ModuleStack(id("network"), "network", "", false), stack("dns"));

        assertThat(found.edges()).isEqualTo(Map.of(id("app"), List.of(id("network"), id("network:prod"))));
        assertThat(found.notes()).isEmpty();
    }

    @Test
    void aReadWrittenWithVariablesIsANoteNeverAGuess() throws IOException {
        write("network/backend.tf", backend("s3", "bucket = \"acme\"\n    key = \"net.tfstate\""));
        write("app/main.tf", remoteState("net", "s3", "bucket = var.bucket\n    key = \"net.tfstate\"")
                + remoteState("ws", "s3", "bucket = \"acme\"\n    key = \"net.tfstate\"", "workspace = terraform.workspace")
                + "data \"terraform_remote_state\" \"kind\" {\n  backend = var.kind\n}\n"
                + "data \"terraform_remote_state\" \"whole\" {\n  backend = \"s3\"\n  config = local.config\n}\n");

        StateDependencies found = match(reader("app"), stack("network"));

        assertThat(found.edges()).isEmpty();
        assertThat(found.notes()).containsExactly(
                "app reads a state that is not statically known: `bucket` is not a plain string"
                        + " (data.terraform_remote_state.net, app/main.tf:1)",
                "app reads a state that is not statically known: its `workspace` is not a plain string"
                        + " (data.terraform_remote_state.ws, app/main.tf:8)",
                "app reads a state that is not statically known: its `backend` is not a plain string"
                        + " (data.terraform_remote_state.kind, app/main.tf:16)",
                "app reads a state that is not statically known: its `config` is not written out as an object"
                        + " (data.terraform_remote_state.whole, app/main.tf:19)");
    }

    @Test
    void aStateTwoStacksWriteGivesNoEdgeAndOwnStateIsNoDependency() throws IOException {
        write("a/backend.tf", backend("s3", "bucket = \"acme\"\n    key = \"shared.tfstate\""));
        write("b/backend.tf", backend("s3", "bucket = \"acme\"\n    key = \"shared.tfstate\""));
        write("app/main.tf", backend("s3", "bucket = \"acme\"\n    key = \"app.tfstate\"")
                + remoteState("shared", "s3", "bucket = \"acme\"\n    key = \"shared.tfstate\"")
                + remoteState("self", "s3", "bucket = \"acme\"\n    key = \"app.tfstate\""));

        StateDependencies found = match(reader("app"), stack("a"), stack("b"));

        assertThat(found.edges()).isEmpty();
        assertThat(found.notes()).containsExactly(
                "app reads a state that several stacks write (a, b), so it depends on none of them: s3 bucket acme key shared.tfstate"
                        + " (data.terraform_remote_state.shared, app/main.tf:7)",
                "app reads its own state: no dependency (data.terraform_remote_state.self, app/main.tf:14)");
    }

    @Test
    void onlyStacksWithAutoAreReadAndNothingIsReadWithoutOne() throws IOException {
        write("network/main.tf", "resource \"terraform_data\" \"vpc\" {}\n");
        write("app/main.tf", remoteState("net", "local", "path = \"../network/terraform.tfstate\""));
        write("broken/main.tf", "resource {\n");

        assertThat(match(stack("app"), stack("network"), stack("broken"))).isEqualTo(StateDependencies.NONE);
        StateDependencies found = match(stack("app"), reader("network"), stack("broken"));
        assertThat(found.edges()).isEmpty();
        assertThat(found.problems()).isEmpty();
        assertThat(found.warnings()).extracting(Problem::file, Problem::line, Problem::message)
                .containsExactly(Tuple.tuple("broken/main.tf", 1, "this block's `{` is never closed"));
    }

    @Test
    void anUnreadableFileOfAReadingStackIsAProblemNamingFileAndLine() throws IOException {
        write("network/main.tf", "resource \"terraform_data\" \"vpc\" {}\n");
        write("app/main.tf", remoteState("net", "local", "path = \"../network/terraform.tfstate\""));
        write("app/broken.tf", "locals {\n  a = \"open\n}\n");

        StateDependencies found = match(reader("app"), stack("network"));

        assertThat(found.problems()).extracting(Problem::format).containsExactly(
                "app/broken.tf:2:7: this string is not closed on its line\n"
                        + "    `dependsOn: auto` reads this root module's terraform_remote_state blocks and backend");
        assertThat(found.edges()).isEmpty();
    }

    @Test
    void jsonFilesAndOverrideFilesCount() throws IOException {
        write("network/main.tf.json", """
                {"terraform": {"backend": {"s3": {"bucket": "acme", "key": "first.tfstate"}}}}
                """);
        write("network/backend_override.tf", backend("s3", "bucket = \"acme\"\n    key = \"net.tfstate\""));
        write("app/main.tf.json", """
                {"data": {"terraform_remote_state": {"net": [{"backend": "s3",
                  "config": {"bucket": "acme", "key": "net.tfstate"}}],
                  "templated": {"backend": "s3", "config": {"bucket": "${var.b}", "key": "k"}}}}}
                """);

        StateDependencies found = match(reader("app"), stack("network"));

        assertThat(found.edges()).isEqualTo(Map.of(id("app"), List.of(id("network"))));
        assertThat(found.notes()).containsExactly("app reads a state that is not statically known: `bucket` is not a plain string"
                + " (data.terraform_remote_state.templated, app/main.tf.json)");
    }

    @Test
    void anUnmatchedReadExplainsWhichStacksStatesAreUnknown() throws IOException {
        write("network/backend.tf", backend("s3", "bucket = var.bucket\n    key = \"net.tfstate\""));
        write("app/main.tf", remoteState("net", "s3", "bucket = \"acme\"\n    key = \"net.tfstate\""));

        StateDependencies found = match(reader("app"), stack("network"));

        assertThat(found.notes()).containsExactly(
                "app reads a state this repository does not deploy: s3 bucket acme key net.tfstate"
                        + " (data.terraform_remote_state.net, app/main.tf:1)",
                "network's own state is not statically known (`bucket` is not a plain string): no terraform_remote_state is matched to it");
    }

    private StateDependencies match(final ModuleStack... stacks) {
        return StateMatcher.match(root, "", List.of(stacks));
    }

    private void write(final String file, final String text) throws IOException {
        Path path = root.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    private static String backend(final String type, final String config) {
        return "terraform {\n  backend \"" + type + "\" {\n    " + config + "\n  }\n}\n";
    }

    private static String remoteState(final String name, final String type, final String config, final String... more) {
        return "data \"terraform_remote_state\" \"" + name + "\" {\n  backend = \"" + type + "\"\n  config = {\n    " + config
                + "\n  }\n" + String.join("\n", more) + (more.length > 0 ? "\n" : "") + "}\n";
    }

    private static ModuleStack reader(final String dir) {
        return new ModuleStack(id(dir), dir, "", true);
    }

    private static ModuleStack stack(final String dir) {
        return new ModuleStack(id(dir), dir, "", false);
    }

    private static StackId id(final String value) {
        return StackId.of(value);
    }
}
