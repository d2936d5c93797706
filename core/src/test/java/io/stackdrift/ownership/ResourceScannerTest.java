package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Tool;
import io.stackdrift.ownership.DeclaredResource.IgnoreChanges.Form;

class ResourceScannerTest {
    @TempDir
    Path dir;

    @Test
    void findsTopLevelResourcesAndNothingInCommentsStringsOrHeredocs() throws IOException {
        Files.writeString(dir.resolve("main.tf"), """
                # resource "aws_instance" "in_a_comment" {}
                /* resource "aws_instance" "in_a_block_comment" {} */
                locals {
                  text = "resource \\"aws_instance\\" \\"in_a_string\\" { ${upper("}")} }"
                  doc  = <<-EOT
                    resource "aws_instance" "in_a_heredoc" {}
                  EOT
                }
                resource "aws_instance" "web" {
                  ami = "ami-1"   // resource "x" "y" {}
                  dynamic "ebs_block_device" {
                    for_each = []
                    content {}
                  }
                }

                module "m" {
                  source = "./m"
                }
                resource "aws_security_group" "sg" {}
                """);
        Files.writeString(dir.resolve("extra.tofu"), "resource \"test_instance\" \"t\" {\n}\n");
        Files.writeString(dir.resolve("notes.txt"), "resource \"aws_instance\" \"not_hcl\" {}");

        ResourceScanner.Result result = ResourceScanner.scan(dir, Tool.TOFU);

        assertThat(result.resources().keySet()).containsExactlyInAnyOrder("aws_instance.web", "aws_security_group.sg", "test_instance.t");
        assertThat(result.resource("aws_instance.web").orElseThrow().line()).isEqualTo(9);
        assertThat(result.problems()).isEmpty();
    }

    @Test
    void readsTheResourcesOwnIgnoreChanges() throws IOException {
        Files.writeString(dir.resolve("main.tf"), """
                resource "a_t" "list" {
                  lifecycle {
                    create_before_destroy = true
                    ignore_changes = [tags["Name"], root_block_device[0].volume_size, ami]
                  }
                }
                resource "a_t" "all" {
                  lifecycle { ignore_changes = all }
                }
                resource "a_t" "expr" {
                  lifecycle { ignore_changes = local.fields }
                }
                resource "a_t" "quoted" {
                  lifecycle { ignore_changes = ["tags"] }
                }
                resource "a_t" "none" {
                  tags = { lifecycle = "x" }
                }
                """);
        ResourceScanner.Result result = ResourceScanner.scan(dir, Tool.TOFU);
        DeclaredResource.IgnoreChanges list = result.resource("a_t.list").orElseThrow().ignoreChanges();
        assertThat(list.form()).isEqualTo(Form.LIST);
        assertThat(list.elements()).containsExactly("tags[\"Name\"]", "root_block_device[0].volume_size", "ami");
        assertThat(result.resource("a_t.all").orElseThrow().ignoreChanges().form()).isEqualTo(Form.ALL);
        assertThat(result.resource("a_t.expr").orElseThrow().ignoreChanges().form()).isEqualTo(Form.UNREADABLE);
        assertThat(result.resource("a_t.quoted").orElseThrow().ignoreChanges().form()).isEqualTo(Form.UNREADABLE);
        assertThat(result.resource("a_t.none").orElseThrow().ignoreChanges().form()).isEqualTo(Form.NONE);
    }

    @Test
    void readsTheFilesEachToolLoads() throws IOException {
        Files.writeString(dir.resolve("main.tf"), "resource \"a_t\" \"from_tf\" {}\n");
        Files.writeString(dir.resolve("main.tofu"), "resource \"a_t\" \"from_tofu\" {}\n");
        Files.writeString(dir.resolve("other.tofu"), "resource \"a_t\" \"other\" {}\n");
        assertThat(ResourceScanner.scan(dir, Tool.TERRAFORM).resources().keySet()).containsExactly("a_t.from_tf");
        assertThat(ResourceScanner.scan(dir, Tool.TOFU).resources().keySet())
                .containsExactlyInAnyOrder("a_t.from_tofu", "a_t.other");
    }

    @Test
    void overrideFilesDeclareNothingButTheirIgnoreChangesIsNoted() throws IOException {
        Files.writeString(dir.resolve("main.tf"), "resource \"a_t\" \"x\" {}\n");
        Files.writeString(dir.resolve("team_override.tf"), "resource \"a_t\" \"x\" {\n lifecycle { ignore_changes = [tags] }\n}\n"
                + "resource \"a_t\" \"only_here\" {}\n");
        Files.writeString(dir.resolve(OverrideFile.FILE_NAME), OverrideFile.HEADER + "\nresource \"a_t\" \"ours\" {}\n");
        ResourceScanner.Result result = ResourceScanner.scan(dir, Tool.TOFU);
        assertThat(result.resources().keySet()).containsExactly("a_t.x");
        assertThat(result.overriddenIgnoreChanges()).containsEntry("a_t.x", "team_override.tf");
    }

    @Test
    void aFileThatDoesNotTokenizeIsReportedNotGuessed() throws IOException {
        Files.writeString(dir.resolve("a.tf"), "resource \"a_t\" \"x\" {\n");
        Files.writeString(dir.resolve("b.tf"), "resource \"a_t\" \"y\" {}\n");
        ResourceScanner.Result result = ResourceScanner.scan(dir, Tool.TOFU);
        assertThat(result.resources().keySet()).containsExactly("a_t.y");
        assertThat(result.problems()).singleElement().asString().startsWith("a.tf: unbalanced brackets");
        assertThat(ResourceScanner.isOverrideFile("override.tf")).isTrue();
        assertThat(ResourceScanner.isOverrideFile("x_override.tofu")).isTrue();
        assertThat(ResourceScanner.isOverrideFile("overrides.tf")).isFalse();
        assertThat(List.of("main.tf")).allMatch(n -> !ResourceScanner.isOverrideFile(n));
    }
}
