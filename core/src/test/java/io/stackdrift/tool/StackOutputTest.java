package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class StackOutputTest {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @Test
    void printsTheNameAndTheSensitiveMarkNeverTheValue() {
        StackOutput password = new StackOutput("db_password", JSON.textNode("hunter2"), true);
        ObjectNode endpoint = JSON.objectNode().put("host", "db.internal.example");
        StackOutput plain = new StackOutput("endpoint", endpoint, false);

        assertThat(password.toString()).isEqualTo("StackOutput[name=db_password, sensitive]").doesNotContain("hunter2");
        assertThat(plain.toString()).isEqualTo("StackOutput[name=endpoint]").doesNotContain("db.internal.example");
    }

    @Test
    void outputsResultPrintsNamesOnly() {
        OutputsResult result = new OutputsResult(true, "", List.of(new StackOutput("db_password", JSON.textNode("hunter2"), true),
                new StackOutput("vpc_id", JSON.textNode("vpc-0abc"), false)));

        assertThat(result.toString())
                .isEqualTo("OutputsResult[succeeded=true, reason=, outputs=[StackOutput[name=db_password, sensitive], "
                        + "StackOutput[name=vpc_id]]]")
                .doesNotContain("hunter2", "vpc-0abc");
    }
}
