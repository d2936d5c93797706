package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Tool;
import io.stackdrift.ownership.DeclaredResource.IgnoreChanges;
import io.stackdrift.ownership.DeclaredResource.IgnoreChanges.Form;

/**
 * The scanner's HCL lexer on what the other scanner tests do not write: every heredoc form, templates and directives,
 * escapes, comments over several lines, and files that end in the middle of something (a problem, never a crash).
 */
class HclLexerTest {
    @TempDir
    Path dir;

    private ResourceScanner.Result scan(final String text) throws IOException {
        Files.writeString(dir.resolve("main.tf"), text);
        return ResourceScanner.scan(dir, Tool.TERRAFORM);
    }

    private IgnoreChanges ignoreChanges(final String lifecycle) throws IOException {
        ResourceScanner.Result result = scan("resource \"a_t\" \"x\" {\n" + lifecycle + "\n}\n");
        assertThat(result.problems()).isEmpty();
        return result.resource("a_t.x").orElseThrow().ignoreChanges();
    }

    @Test
    void heredocsOfBothFormsHideWhatTheyHoldAndCountTheirLines() throws IOException {
        ResourceScanner.Result result = scan("""
                locals {
                  a = <<EOT
                  first line
                  } " unbalanced {
                EOT
                  b = <<-EOT
                    } "
                    EOT
                  ratio = 4 / 2 < 3
                }
                /* a comment
                   over lines */
                resource "a_t" "after" {}
                /*/ resource "a_t" "hidden" {} */
                resource "a_t" "last" {}""");

        assertThat(result.problems()).isEmpty();
        assertThat(result.resources().keySet()).containsExactlyInAnyOrder("a_t.after", "a_t.last");
        assertThat(result.resource("a_t.after").orElseThrow().line()).isEqualTo(13);
        assertThat(result.resource("a_t.last").orElseThrow().line()).isEqualTo(15);
    }

    @Test
    void templatesAndDirectivesInStringsMayHoldBracesAndQuotes() throws IOException {
        ResourceScanner.Result result = scan("""
                locals {
                  a = "${"x"}"
                  b = "%{ if var.on == "}" }yes%{ endif }"
                  c = "${ {k = "v"}.k } costs $5 and 100%"
                  d = "say \\"hi\\" \\\\"
                }
                resource "a_t" "after" {}
                """);

        assertThat(result.problems()).isEmpty();
        assertThat(result.resource("a_t.after").orElseThrow().line()).isEqualTo(7);
    }

    @Test
    void aFileThatEndsInTheMiddleOfSomethingIsAProblemNamedWithItsLine() throws IOException {
        assertThat(scan("resource \"a_t\" \"x\" {}\nlocals { a = \"${b").problems())
                .containsExactly("main.tf: unclosed template at line 2");
        assertThat(scan("resource \"a_t\" \"x").problems()).containsExactly("main.tf: unclosed string at line 1");
        assertThat(scan("locals {\n a = \"x\\").problems()).containsExactly("main.tf: unclosed string at line 2");
        assertThat(scan("locals {\n a = <<EOT").problems()).containsExactly("main.tf: unclosed heredoc at line 2");
        assertThat(scan("locals {\n a = <<EOT\n text\n").problems()).containsExactly("main.tf: unclosed heredoc <<EOT at line 2");
        assertThat(scan("/* open").problems()).containsExactly("main.tf: unclosed comment at line 1");
    }

    @Test
    void aFileThatEndsOnAWordACommentOrAnOperatorScansCleanly() throws IOException {
        for (String end : new String[] {"word", "# comment", "// comment", "a = 4 /", "b <", "resource \"a_t\" \"no_body\""}) {
            ResourceScanner.Result result = scan("resource \"a_t\" \"x\" {}\n" + end);
            assertThat(result.problems()).as(end).isEmpty();
            assertThat(result.resources().keySet()).as(end).containsExactly("a_t.x");
        }
    }

    @Test
    void onlyTheResourcesOwnLifecycleCountsWhateverBlocksComeBeforeIt() throws IOException {
        IgnoreChanges afterBlocks = ignoreChanges(
                "tags = { a = 1 }\n dynamic \"d\" { content {} }\n lifecycle { ignore_changes = [tags] }");
        assertThat(afterBlocks.form()).isEqualTo(Form.LIST);
        assertThat(afterBlocks.elements()).containsExactly("tags");
        assertThat(ignoreChanges("dynamic \"d\" { content { lifecycle { ignore_changes = all } } }").form()).isEqualTo(Form.NONE);
        assertThat(ignoreChanges("lifecycle { create_before_destroy = true }").form()).isEqualTo(Form.NONE);
        assertThat(ignoreChanges("lifecycle { ignore_changes = }").form()).isEqualTo(Form.NONE);
        assertThat(ignoreChanges("{}").form()).isEqualTo(Form.NONE);
    }

    @Test
    void aListMayEndInACommaAndKeepsEscapedKeysAsWritten() throws IOException {
        IgnoreChanges trailing = ignoreChanges("lifecycle { ignore_changes = [tags, ami,] }");
        assertThat(trailing.form()).isEqualTo(Form.LIST);
        assertThat(trailing.elements()).containsExactly("tags", "ami");
        assertThat(ignoreChanges("lifecycle { ignore_changes = [tags[\"a\\\\b\"]] }").elements()).containsExactly("tags[\"a\\\\b\"]");
        IgnoreChanges quoted = ignoreChanges("lifecycle { ignore_changes = [\"tags\", ami] }");
        assertThat(quoted.form()).isEqualTo(Form.UNREADABLE);
        assertThat(quoted.text()).isEqualTo("[\"tags\",ami]");
    }

    @Test
    void aResourceDeclaredTwiceIsTakenFromTheFirstFileByName() throws IOException {
        // "a-b.tf" sorts before "a.tf" by file name ('-' before '.'), though its base name "a-b" sorts after "a"
        Files.writeString(dir.resolve("a.tf"), "resource \"a_t\" \"x\" {}\n");
        Files.writeString(dir.resolve("a-b.tf"), "resource \"a_t\" \"x\" {}\n");
        assertThat(ResourceScanner.scan(dir, Tool.TERRAFORM).resource("a_t.x").orElseThrow().file()).isEqualTo("a-b.tf");
    }
}
