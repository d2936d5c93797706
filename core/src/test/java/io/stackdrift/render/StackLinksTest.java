package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class StackLinksTest {
    private static final StackId NETWORK = StackId.of("network:prod");
    private static final StackId DNS = StackId.of("dns");

    @Test
    void linksAreBuiltFromTheSafeFileName() {
        assertThat(StackLinks.staticReport().href(NETWORK)).contains("stacks/network~3Aprod.html");
        assertThat(StackLinks.under("stack/", "/").href(StackId.of("\"><x"))).contains("stack/~22~3E~3Cx/");
    }

    @Test
    void onlyStacksWithPagesAreLinked() {
        StackLinks links = StackLinks.staticReport().onlyFor(List.of(NETWORK));
        assertThat(links.href(DNS)).isEmpty();
        assertThat(links.anchor(DNS, "c")).isEqualTo("<span class=\"c\">dns</span>");
        assertThat(links.anchor(NETWORK, "")).isEqualTo("<a href=\"stacks/network~3Aprod.html\">network:prod</a>");
        // narrowing again keeps only what both allow
        assertThat(links.onlyFor(List.of(DNS)).href(NETWORK)).isEmpty();
    }

    @Test
    void aReadDependencyIsMarkedWithWhatTheStackReadsByItsTool() {
        Row pulumi = Row.of(StackId.of("shop:prod"), Tool.PULUMI, "shop", RowState.IN_SYNC, "").withDependsOn(List.of(NETWORK));
        Row terraform = Row.of(StackId.of("app"), Tool.TERRAFORM, "app", RowState.IN_SYNC, "").withDependsOn(List.of(NETWORK))
                .withFileDependsOn(List.of(DNS));

        assertThat(Html.readMark(pulumi, NETWORK)).contains("title=\"read from a stack reference\"").contains("(read)");
        assertThat(Html.readMark(terraform, NETWORK)).contains("title=\"read from a terraform_remote_state\"");
        assertThat(Html.readMark(terraform, DNS)).isEmpty();
    }
}
