package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

class BuildPageTest {
    @Test
    void countsLineThenRowsMostUrgentFirst() {
        Document html = Jsoup.parseBodyFragment(BuildPage.fragment(SampleRuns.representative(), StackLinks.staticReport()));
        Element section = html.selectFirst("section.sd-build");

        assertThat(section.child(0).hasClass("sd-counts")).isTrue();
        assertThat(html.select("tbody tr").eachAttr("data-stack"))
                .containsExactly("billing:staging", "shop:prod", "network:prod", "edge:prod", "apps/api", "cache:prod", "reports", "dns");
        assertThat(html.select("thead th").eachText()).containsExactly("Stack", "Tool", "State", "Changes", "Since", "Depends on");
    }

    @Test
    void eachRowCarriesItsDataAndLinksToItsStackPage() {
        Document html = Jsoup.parseBodyFragment(BuildPage.fragment(SampleRuns.representative(), StackLinks.under("stack/", "/")));
        Element shop = html.selectFirst("tr[data-stack=shop:prod]");

        assertThat(shop.attr("data-tool")).isEqualTo("pulumi");
        assertThat(shop.attr("data-state")).isEqualTo("pending-drifted");
        assertThat(shop.attr("data-changes")).isEqualTo("3");
        assertThat(shop.select("td").eachText()).containsExactly("shop:prod", "pulumi", "pending+drifted", "3",
                "drifted since 2026-09-19 13:13 UTC (3 checks)",
                "dns, network:prod (read)");
        assertThat(shop.selectFirst("td.sd-stack a").attr("href")).isEqualTo("stack/shop~3Aprod/");
        assertThat(shop.select("td.sd-deps a").eachAttr("href")).containsExactly("stack/dns/", "stack/network~3Aprod/");
    }

    @Test
    void scriptControlsAreHiddenUntilTheScriptRuns() {
        Document html = Jsoup.parseBodyFragment(BuildPage.fragment(SampleRuns.representative(), StackLinks.staticReport()));
        assertThat(html.selectFirst(".sd-controls").hasAttr("hidden")).isTrue();
        assertThat(html.selectFirst(".sd-pager").hasAttr("hidden")).isTrue();
        assertThat(html.selectFirst("section").attr("data-page-size")).isEqualTo("50");
    }

    @Test
    void aThousandStacksAreWrittenAndPagedByTheScriptAndMoreThanTheCapAreCounted() {
        RunRecord large = SampleRuns.large(1_000, 2);
        Document html = Jsoup.parseBodyFragment(BuildPage.fragment(large, StackLinks.staticReport()));
        assertThat(html.select("tbody tr")).hasSize(1_000);
        assertThat(html.select(".sd-note")).isEmpty();

        RenderLimits small = new RenderLimits(100, 20, 500, 100, 8, 30, 30);
        Document capped = Jsoup.parseBodyFragment(BuildPage.fragment(large, StackLinks.staticReport(), small));
        assertThat(capped.select("tbody tr")).hasSize(100);
        assertThat(capped.selectFirst(".sd-note").text()).startsWith("900 more stacks are not listed here");
        // most urgent first: the cap keeps the failed and drifted stacks
        assertThat(capped.select("tbody tr").eachAttr("data-state")).doesNotContain("in-sync");
    }

    @Test
    void anEmptyRunSaysSo() {
        RunRecord empty = new RunRecord("1", RunKind.CHECK, "", 0, 0, List.of(), List.of());
        Document html = Jsoup.parseBodyFragment(BuildPage.fragment(empty, StackLinks.staticReport()));
        assertThat(html.select("table")).isEmpty();
        assertThat(html.selectFirst(".sd-empty").text()).isEqualTo("No stacks in this run.");
    }
}
