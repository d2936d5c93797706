package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import io.stackdrift.render.DiagnosticSnippets;
import io.stackdrift.testing.RealTerraform;

/**
 * The values of the variables named under {@code credentials:} never reach an output of the command line, and a
 * failed stack's tool output is kept (masked) in a file the output names.
 */
class CredentialMaskingTest {
    private static final String SECRET = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY";

    @TempDir
    Path dir;

    private UnaryOperator<String> before;

    @BeforeEach
    void environmentWithTheSecret() {
        before = CliEnvironment.use(name -> "AWS_SECRET_ACCESS_KEY".equals(name) ? SECRET : System.getenv(name));
    }

    @AfterEach
    void environmentAsItWas() {
        CliEnvironment.use(before);
    }

    private record Result(int exit, String out, String err) {
    }

    private Result run(final String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    /** A tool whose init prints the secret on stdout and on its Error: line, unquoted, and fails. */
    private Path repo() throws IOException {
        return oneStack("repo", "net", "AWS_SECRET_ACCESS_KEY: aws-net", """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  init) echo "Initializing with key $AWS_SECRET_ACCESS_KEY"
                        echo "Error: the signature of $AWS_SECRET_ACCESS_KEY does not match" >&2
                        exit 1 ;;
                  *) exit 0 ;;
                esac
                """);
    }

    /** A repository {@code name} with one Terraform stack in {@code stack} that maps {@code credential}, and its tool. */
    private Path oneStack(final String name, final String stack, final String credential, final String toolScript) throws IOException {
        Path repo = Files.createDirectories(dir.resolve(name));
        Files.createDirectories(repo.resolve(stack));
        Files.writeString(repo.resolve(stack + "/main.tf"), "terraform {\n}\n");
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: " + stack + "\n    credentials:\n      " + credential + "\n");
        Path tool = repo.resolve("terraform-stand-in");
        Files.writeString(tool, toolScript);
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return repo;
    }

    @Test
    void aSecretOnAToolsErrorLineIsMaskedInTheConsoleTheJsonTheRecordThePagesAndTheKeptOutput() throws IOException {
        Path repo = repo();
        Path record = dir.resolve("record");
        Path html = dir.resolve("html");
        List<String> common = List.of("--config", repo.resolve("stacks.yaml").toString(), "--record", record.toString(),
                "--tool-path", "terraform=" + repo.resolve("terraform-stand-in"));

        List<String> text = new ArrayList<>(List.of("check", "--html", html.toString()));
        text.addAll(common);
        Result check = run(text.toArray(String[]::new));
        List<String> json = new ArrayList<>(List.of("preview", "--json"));
        json.addAll(common);
        Result preview = run(json.toArray(String[]::new));

        assertThat(check.exit()).isEqualTo(ExitCodes.ERROR);
        // a reason never quotes the tool's error line (structured diagnostics only), so the console shows no mask
        // either; the kept output below is where the masked line is
        assertThat(check.out() + check.err() + preview.out() + preview.err()).doesNotContain(SECRET);
        Path kept = record.resolve("logs").resolve("run-1").resolve("net.log");
        assertThat(check.err()).contains("net: the tool's output is kept in " + kept);
        assertThat(Files.readString(kept)).contains("Initializing with key ****", "Error: the signature of **** does not match")
                .doesNotContain(SECRET);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept))).isEqualTo("rw-------");
        for (Path written : List.of(record, html)) {
            try (Stream<Path> files = Files.walk(written)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    assertThat(Files.readString(file)).as(file.toString()).doesNotContain(SECRET);
                }
            }
        }
    }

    /**
     * Stack a's tool prints what stack b names: b's token as it is and in base64 on the diagnostic that becomes a's
     * reason, and on stderr (the kept output) b's password as a POSIX shell quotes it ({@code set -x}). b depends on a,
     * so it never starts: its values are masked because the file names them, not because its tool ran.
     */
    @Test
    void aStackPrintingAnotherStacksSecretPlainBase64OrQuotedNeverReachesTheJsonTheRecordOrThePages() throws IOException {
        String token = "tok-7Hq2VxLm9PzR4KwNe";
        String password = "it's-b$PASSWORD-42";
        String base64 = Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8));
        String quoted = "'it'\\''s-b$PASSWORD-42'";
        Map<String, String> environment = Map.of("A_TOKEN", "a-token-value-1", "B_TOKEN", token, "B_PASSWORD", password);
        CliEnvironment.use(name -> environment.getOrDefault(name, System.getenv(name)));
        Path repo = Files.createDirectories(dir.resolve("two"));
        for (String stack : List.of("a", "b")) {
            Files.createDirectories(repo.resolve(stack));
            Files.writeString(repo.resolve(stack + "/main.tf"), "terraform {\n}\n");
        }
        Files.writeString(repo.resolve("stacks.yaml"), """
                parallelism: 1
                stacks:
                  - dir: a
                    credentials:
                      A_TOKEN: a-token
                  - dir: b
                    dependsOn: [a]
                    credentials:
                      B_TOKEN: b-token
                      B_PASSWORD: b-password
                """);
        Path tool = repo.resolve("terraform-stand-in");
        Files.writeString(tool, """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  plan) cat <<'OUT'
                {"type":"diagnostic","diagnostic":{"severity":"error","summary":"token @TOKEN@ rejected (@BASE64@)"}}
                OUT
                        cat >&2 <<'ERR'
                + export B_TOKEN=@TOKEN@
                + export B_PASSWORD=@QUOTED@
                Authorization: Bearer @BASE64@
                ERR
                        exit 1 ;;
                  *) exit 0 ;;
                esac
                """.replace("@BASE64@", base64).replace("@TOKEN@", token).replace("@QUOTED@", quoted));
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path record = dir.resolve("record");
        Path html = dir.resolve("html");

        Result deploy = run("deploy", "--json", "--html", html.toString(), "--config", repo.resolve("stacks.yaml").toString(),
                "--record", record.toString(), "--tool-path", "terraform=" + tool);

        assertThat(deploy.exit()).isEqualTo(ExitCodes.ERROR);
        // the reason is the diagnostic, masked: a's row failed with it
        assertThat(deploy.out()).contains("token **** rejected (****)");
        List<String> forms = List.of(token, base64, base64.substring(0, base64.length() - 4), quoted, password);
        List<String> written = new ArrayList<>(List.of(deploy.out(), deploy.err()));
        for (Path folder : List.of(record, html)) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    written.add(Files.readString(file));
                }
            }
        }
        for (String text : written) {
            for (String form : forms) {
                assertThat(text).doesNotContain(form);
            }
        }
        Path kept = record.resolve("logs").resolve("run-1").resolve("a.log");
        assertThat(Files.readString(kept)).contains("+ export B_TOKEN=****", "+ export B_PASSWORD=****", "Bearer ****");
    }

    /**
     * A password percent-encoded in a URL (upper case hex and {@code +}, lower case hex and {@code %20}), JSON-escaped and
     * in hex, one form per stack, each on the diagnostic that becomes the stack's reason and on its stderr (the kept
     * output): no form reaches the console, the JSON, the record (details included), the pages or the kept output.
     */
    @Test
    void theEncodedFormsOfASecretAreMaskedInEveryOutput() throws IOException {
        String password = "db p@ss/w\u00f6rd\"+1";
        String hex = HexFormat.of().formatHex(password.getBytes(StandardCharsets.UTF_8));
        Map<String, String> forms = new LinkedHashMap<>();
        forms.put("pctupper", URLEncoder.encode(password, StandardCharsets.UTF_8));
        forms.put("pctlower", "db%20p%40ss%2fw%c3%b6rd%22%2b1");
        forms.put("jsonesc", "db p@ss\\/w\\u00F6rd\\\"+1");
        forms.put("hexlower", hex);
        forms.put("hexupper", hex.toUpperCase(Locale.ROOT));
        CliEnvironment.use(name -> "DB_PASSWORD".equals(name) ? password : System.getenv(name));
        Path repo = Files.createDirectories(dir.resolve("forms"));
        StringBuilder config = new StringBuilder("stacks:\n");
        StringBuilder cases = new StringBuilder();
        ObjectMapper json = new ObjectMapper();
        for (Map.Entry<String, String> form : forms.entrySet()) {
            Files.createDirectories(repo.resolve(form.getKey()));
            Files.writeString(repo.resolve(form.getKey() + "/main.tf"), "terraform {\n}\n");
            config.append("  - dir: ").append(form.getKey()).append("\n    credentials:\n      DB_PASSWORD: db\n");
            String diagnostic = json.writeValueAsString(Map.of("type", "diagnostic", "diagnostic",
                    Map.of("severity", "error", "summary", "cannot reach postgres://app:" + form.getValue() + "@db/x")));
            cases.append("  *").append(form.getKey()).append("*) cat <<'OUT'\n").append(diagnostic).append("\nOUT\n")
                    .append("    cat >&2 <<'ERR'\nconnecting to postgres://app:").append(form.getValue()).append("@db/x\nERR\n")
                    .append("    exit 1 ;;\n");
        }
        Files.writeString(repo.resolve("stacks.yaml"), config.toString());
        Path tool = repo.resolve("terraform-stand-in");
        Files.writeString(tool, """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  plan) case "$PWD" in
                CASES  esac ;;
                  *) exit 0 ;;
                esac
                """.replace("CASES", cases));
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path record = dir.resolve("record");
        List<String> common = List.of("--config", repo.resolve("stacks.yaml").toString(), "--record", record.toString(),
                "--tool-path", "terraform=" + tool);

        List<String> text = new ArrayList<>(List.of("deploy", "--html", dir.resolve("html").toString()));
        text.addAll(common);
        Result deploy = run(text.toArray(String[]::new));
        List<String> asJson = new ArrayList<>(List.of("preview", "--json"));
        asJson.addAll(common);
        Result preview = run(asJson.toArray(String[]::new));

        assertThat(deploy.exit()).isEqualTo(ExitCodes.ERROR);
        // each stack's reason is its diagnostic, masked
        assertThat(deploy.out() + deploy.err()).contains("cannot reach postgres://app:****@db/x");
        assertThat(preview.out()).contains("cannot reach postgres://app:****@db/x");
        List<String> written = new ArrayList<>(List.of(deploy.out(), deploy.err(), preview.out(), preview.err()));
        for (Path folder : List.of(record, dir.resolve("html"))) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    written.add(Files.readString(file));
                }
            }
        }
        for (String form : forms.keySet()) {
            Path kept = record.resolve("logs").resolve("run-1").resolve(form + ".log");
            assertThat(Files.readString(kept)).as(form).contains("connecting to postgres://app:****@db/x");
        }
        for (String output : written) {
            for (Map.Entry<String, String> form : forms.entrySet()) {
                assertThat(output).as(form.getKey()).doesNotContain(form.getValue()).doesNotContain("p%40ss").doesNotContain(hex)
                        .doesNotContain("p@ss");
            }
        }
    }

    /**
     * The real Terraform's init quotes a variable's default on its diagnostic's source line: the kept output masks that
     * line (no credential, but a value all the same) and keeps where the problem is.
     */
    @Test
    void theKeptOutputMasksTheSourceLineATerraformDiagnosticQuotes() throws IOException {
        String terraform = RealTerraform.locate().orElse(null);
        Assumptions.assumeTrue(terraform != null, "no terraform executable: the init diagnostic of the real Terraform is skipped");
        Path repo = Files.createDirectories(dir.resolve("init"));
        Files.createDirectories(repo.resolve("db"));
        Files.writeString(repo.resolve("db/main.tf"), """
                terraform {
                }

                variable "db_password" {
                  type    = number
                  default = "hunter2-s3cret"
                }
                """);
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: db\n");
        Path record = dir.resolve("record-init");

        Result check = run("check", "--config", repo.resolve("stacks.yaml").toString(), "--record", record.toString(),
                "--tool-path", "terraform=" + terraform);

        assertThat(check.exit()).as(check.err()).isEqualTo(ExitCodes.ERROR);
        String kept = Files.readString(record.resolve("logs").resolve("run-1").resolve("db.log"));
        assertThat(kept).contains("on main.tf line 6, in variable \"db_password\"", DiagnosticSnippets.MASKED)
                .doesNotContain("hunter2-s3cret");
        assertThat(check.out() + check.err()).doesNotContain("hunter2-s3cret");
    }

    /** The Markdown of a preview (a comment on a change request) masks what the rest of the outputs mask. */
    @Test
    void aSecretOnAFailedStacksDiagnosticNeverReachesThePreviewsMarkdown() throws IOException {
        String token = "tok-Markdown-5Rf8Kq2Wz";
        CliEnvironment.use(name -> "A_TOKEN".equals(name) ? token : System.getenv(name));
        Path repo = oneStack("md", "a", "A_TOKEN: a-token", """
                #!/bin/sh
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  plan) echo '{"type":"diagnostic","diagnostic":{"severity":"error","summary":"token @TOKEN@ rejected"}}'
                        exit 1 ;;
                  *) exit 0 ;;
                esac
                """.replace("@TOKEN@", token));
        Path tool = repo.resolve("terraform-stand-in");
        Path markdown = dir.resolve("comment").resolve("preview.md");

        Result preview = run("preview", "--markdown", markdown.toString(), "--config", repo.resolve("stacks.yaml").toString(),
                "--record", dir.resolve("record").toString(), "--tool-path", "terraform=" + tool);

        assertThat(preview.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(Files.readString(markdown)).contains("#### `a` · failed", "token **** rejected").doesNotContain(token);
    }
}
