package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;

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
}
