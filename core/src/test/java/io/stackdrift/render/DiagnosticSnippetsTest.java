package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DiagnosticSnippetsTest {
    /** Terraform 1.11.4's init with -no-color on a variable whose default does not fit its type. */
    private static final String INIT = """
            Initializing the backend...

            Error: Invalid default value for variable

              on main.tf line 3, in variable "db_password":
               3:   default = "hunter2-s3cret"

            This default value is not compatible with the variable's type constraint: a
            number is required.
            """;

    @Test
    void aSourceLineOfADiagnosticIsMaskedAndWhereItIsStays() {
        String masked = DiagnosticSnippets.mask(INIT);

        assertThat(masked).doesNotContain("hunter2-s3cret")
                .contains("  on main.tf line 3, in variable \"db_password\":\n   3: " + DiagnosticSnippets.MASKED + "\n\n")
                .contains("Initializing the backend...", "This default value is not compatible", "number is required.\n");
    }

    @Test
    void theValuesUnderTheExpressionMarkerAreMaskedTheirTypesStay() {
        String box = """
                ╷
                │ Error: Invalid function argument
                │
                │   on main.tf line 4, in resource "terraform_data" "x":
                │    4:   input = base64decode(var.token)
                │     ├────────────────
                │     │ var.token is "tok-s3cret"
                │     │ var.count is 42
                │     │ local.names is a list of string
                │     │ var.key has a sensitive value
                │
                │ Invalid value for "str" parameter.
                ╵
                after 1: "not a snippet"
                """;

        String masked = DiagnosticSnippets.mask(box);

        assertThat(masked).doesNotContain("tok-s3cret", "is 42", "base64decode")
                .contains("│     │ var.token is " + DiagnosticSnippets.MASKED, "│     │ local.names is a list of string",
                        "│     │ var.key has a sensitive value", "│ Invalid value for \"str\" parameter.", "after 1: \"not a snippet\"");
    }

    /** The same diagnostic as Terraform 1.11.4 prints it in colour (TF_IN_AUTOMATION, stderr not a terminal). */
    @Test
    void theColouredBoxIsMaskedAsWell() {
        String esc = "\u001B";
        String coloured = esc + "[31m\u2577" + esc + "[0m" + esc + "[0m\n"
                + esc + "[31m\u2502" + esc + "[0m " + esc + "[0m" + esc + "[1m" + esc + "[31mError: " + esc + "[0m" + esc + "[0m"
                + esc + "[1mInvalid default value for variable" + esc + "[0m\n"
                + esc + "[31m\u2502" + esc + "[0m " + esc + "[0m\n"
                + esc + "[31m\u2502" + esc + "[0m " + esc + "[0m" + esc + "[0m  on main.tf line 6, in variable \"db_password\":\n"
                + esc + "[31m\u2502" + esc + "[0m " + esc + "[0m   6:   default = " + esc + "[4m\"hunter2-s3cret\"" + esc + "[0m"
                + esc + "[0m\n"
                + esc + "[31m\u2502" + esc + "[0m " + esc + "[0m\n"
                + esc + "[31m\u2502" + esc + "[0m " + esc + "[0mThis default value is not compatible\n"
                + esc + "[31m\u2575" + esc + "[0m" + esc + "[0m\n";

        String masked = DiagnosticSnippets.mask(coloured);

        assertThat(masked).doesNotContain("hunter2-s3cret").contains("   6: " + DiagnosticSnippets.MASKED,
                "on main.tf line 6, in variable \"db_password\"", "This default value is not compatible");
    }

    @Test
    void textWithoutADiagnosticIsLeftAsItIs() {
        String text = "$ terraform init\nexit 0\n--- stdout\n 3: a numbered line\n";
        assertThat(DiagnosticSnippets.mask(text)).isEqualTo(text);
    }
}
