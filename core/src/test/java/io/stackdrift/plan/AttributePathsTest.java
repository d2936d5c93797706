package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AttributePathsTest {
    private static String path(final Object... steps) {
        StringBuilder path = new StringBuilder();
        for (Object step : steps) {
            if (step instanceof Integer index) {
                AttributePaths.appendIndex(path, index);
            } else {
                AttributePaths.appendKey(path, (String) step);
            }
        }
        return path.toString();
    }

    @Test
    void plainKeysJoinWithDotsAndIndexesWithBrackets() {
        assertThat(path("tags", "Name")).isEqualTo("tags.Name");
        assertThat(path("ingress", 0, "cidr_blocks", 1)).isEqualTo("ingress[0].cidr_blocks[1]");
        assertThat(path("a-b_c9")).isEqualTo("a-b_c9");
    }

    @Test
    void keysThatNeedQuotingAreQuotedAndEscaped() {
        assertThat(path("tags", "kubernetes.io/role")).isEqualTo("tags[\"kubernetes.io/role\"]");
        assertThat(path("m", "say \"hi\"\\")).isEqualTo("m[\"say \\\"hi\\\"\\\\\"]");
        assertThat(path("m", "")).isEqualTo("m[\"\"]");
        assertThat(path("m", "9lives")).isEqualTo("m[\"9lives\"]");
        assertThat(path("m", "a\u001Bb")).isEqualTo("m[\"a\\u001bb\"]");
        assertThat(path("m.n")).isEqualTo("[\"m.n\"]");
    }
}
