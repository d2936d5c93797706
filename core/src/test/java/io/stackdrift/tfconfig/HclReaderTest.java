package io.stackdrift.tfconfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.stackdrift.tfconfig.HclBody.Block;
import io.stackdrift.tfconfig.HclValue.Expression;
import io.stackdrift.tfconfig.HclValue.ObjectValue;
import io.stackdrift.tfconfig.HclValue.Text;

class HclReaderTest {

    @Test
    void readsBlocksLabelsArgumentsAndObjectsWithLines() throws Exception {
        HclBody body = HclReader.read("""
                terraform {
                  backend "s3" {
                    bucket = "acme-state"   # a comment
                    key    = "network/terraform.tfstate" // another
                  }
                }

                data "terraform_remote_state" "net" {
                  backend = "local"
                  config = {
                    path = "../network/terraform.tfstate",
                    "quoted key": "v"
                  }
                }
                """);

        Block backend = body.blocks("terraform").get(0).body().blocks("backend").get(0);
        assertThat(backend.labels()).containsExactly("s3");
        assertThat(backend.line()).isEqualTo(2);
        assertThat(backend.body().attribute("bucket").orElseThrow().value()).isEqualTo(new Text("acme-state"));
        assertThat(backend.body().attribute("key").orElseThrow().line()).isEqualTo(4);
        Block data = body.blocks("data").get(0);
        assertThat(data.labels()).containsExactly("terraform_remote_state", "net");
        assertThat(data.line()).isEqualTo(8);
        assertThat(data.body().attribute("config").orElseThrow().value()).isEqualTo(new ObjectValue(Map.of(
                "path", new Text("../network/terraform.tfstate"), "quoted key", new Text("v"))));
    }

    @Test
    void everyExpressionThatIsNoPlainStringIsUnknownAndSkippedWhole() throws Exception {
        HclBody body = HclReader.read("""
                locals {
                  a = var.bucket
                  b = "${var.env}/terraform.tfstate"
                  c = "prefix-%{ if true }x%{ endif }"
                  d = upper("x")
                  e = "x" == var.y ? "a" : "b"
                  f = [for s in var.list : upper(s) if s != "}"]
                  g = { for k, v in var.map : k => v }
                  h = merge(
                    { a = 1 },
                    { b = "}" },
                  )
                  i = <<-EOT
                    this } is { text "
                    EOT
                  j = 42
                  k = "${"nested ${"strings"}"}"
                  l = "after"
                }
                """);

        HclBody locals = body.blocks("locals").get(0).body();
        for (String name : new String[] {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}) {
            assertThat(locals.attribute(name).orElseThrow().value()).as(name).isEqualTo(Expression.UNKNOWN);
        }
        // what follows every skipped expression is still read
        assertThat(locals.attribute("l").orElseThrow().value()).isEqualTo(new Text("after"));
        assertThat(locals.attribute("l").orElseThrow().line()).isEqualTo(18);
    }

    @Test
    void aPlainStringHasItsEscapesResolvedAndDoubledMarkersAreLiteral() throws Exception {
        HclBody body = HclReader.read("a = \"tab\\t quote\\\" \\u00e9 $${not} %%{not}\"\nb = \"x\" # trailing\n");

        assertThat(body.attribute("a").orElseThrow().value()).isEqualTo(new Text("tab\t quote\" \u00e9 ${not} %{not}"));
        assertThat(body.attribute("b").orElseThrow().value()).isEqualTo(new Text("x"));
    }

    @Test
    void oneLineBlocksBlockCommentsAndCarriageReturnsAreRead() throws Exception {
        HclBody body = HclReader.read("/* a\n comment */ terraform { backend \"local\" { path = \"x.tfstate\" } }\r\n"
                + "resource \"a\" \"b\" {}\r\n");

        Block backend = body.blocks("terraform").get(0).body().blocks("backend").get(0);
        assertThat(backend.body().attribute("path").orElseThrow().value()).isEqualTo(new Text("x.tfstate"));
        assertThat(body.blocks("resource").get(0).body()).isEqualTo(HclBody.EMPTY);
    }

    @Test
    void aBrokenFileIsAProblemWithLineAndColumn() {
        assertProblem("terraform {\n  backend \"s3\" {\n    bucket = \"b\"\n}\n", 1, 11, "this block's `{` is never closed");
        assertProblem("a = \"open\nb = 1\n", 1, 5, "this string is not closed on its line");
        assertProblem("a = 1\n}\n", 2, 1, "`}` closes no block");
        assertProblem("a = (1 + 2]\n", 1, 11, "`]` where `)` closes the `(` of line 1");
        assertProblem("x = [1, 2\n", 1, 5, "this `[` is never closed");
        assertProblem("terraform\n{\n}\n", 1, 10, "expected `=` or a block after `terraform`, found the end of the line");
        assertProblem("= 1\n", 1, 1, "expected an argument or a block, found `=`");
        assertProblem("a {} b = 2\n", 1, 6, "expected a new line, found `b`");
        assertProblem("a = <<EOT\nnever ended\n", 1, 5, "this heredoc is never ended by a line holding only EOT");
        assertProblem("/* never closed\n", 1, 1, "this `/*` comment is never closed");
        assertProblem("a = \"\\q\"\n", 1, 6, "`\\q` is no escape of a quoted string");
        assertProblem("data \"${x}\" \"y\" {}\n", 1, 6, "a block label is a plain string, without `${`");
    }

    @Test
    void nestingDeeperThanTheLimitIsAProblemNotAStackOverflow() {
        assertProblem("a = " + "[".repeat(100_000), 1, 5 + HclReader.MAX_DEPTH, "nested deeper than 200 levels");
        assertProblem("a = \"" + "${\"".repeat(50_000), 1, 7 + 3 * HclReader.MAX_DEPTH, "nested deeper than 200 levels");
        assertProblem("b {\n".repeat(50_000), HclReader.MAX_DEPTH + 1, 3, "nested deeper than 200 levels");
        assertProblem("c = " + "{ a = ".repeat(50_000), 1, 5 + 6 * HclReader.MAX_DEPTH, "nested deeper than 200 levels");
    }

    private static void assertProblem(final String text, final int line, final int column, final String message) {
        assertThatThrownBy(() -> HclReader.read(text)).as(text).isInstanceOfSatisfying(HclSyntaxException.class, e -> {
            assertThat(e.getMessage()).isEqualTo(message);
            assertThat(e.line()).isEqualTo(line);
            assertThat(e.column()).isEqualTo(column);
        });
    }
}
