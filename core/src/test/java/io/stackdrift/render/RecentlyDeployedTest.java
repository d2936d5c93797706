package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

class RecentlyDeployedTest {
    private static final long T = SampleRuns.T0;

    private static TrailEntry entry(final String stack, final long finished, final TrailResult result, final boolean repaired,
            final List<String> paths, final String reason) {
        return new TrailEntry(StackId.of(stack), "7", finished - 1000, finished, result, repaired, paths, reason, 0);
    }

    @Test
    void newestFirstWithTheWordsOfTheSpec() {
        List<TrailEntry> trail = List.of(
                entry("a", T + 1, TrailResult.REHEARSAL, false, List.of(), ""),
                entry("b", T + 5, TrailResult.NOTHING_TO_DEPLOY, false, List.of(), ""),
                entry("c", T + 3, TrailResult.FAILED, false, List.of(), "apply failed: quota"),
                entry("d", T + 4, TrailResult.DEPLOYED, false, List.of(), ""),
                new TrailEntry(StackId.of("e"), "7", T + 2, 0, TrailResult.INTERRUPTED, false, List.of(), "agent lost", 0));
        Document html = Jsoup.parseBodyFragment(RecentlyDeployed.html(trail, StackLinks.staticReport()));

        assertThat(html.select(".sd-trail-stack").eachText()).containsExactly("b", "d", "c", "e", "a");
        assertThat(html.select(".sd-trail-result").eachText())
                .containsExactly("nothing to deploy", "deployed", "failed", "interrupted", "rehearsal");
        assertThat(html.selectFirst(".sd-trail-failed .sd-trail-reason").text()).isEqualTo("apply failed: quota");
        assertThat(html.selectFirst(".sd-trail-interrupted .sd-trail-reason").text()).isEqualTo("agent lost");
        assertThat(html.selectFirst(".sd-trail-stack").attr("href")).isEqualTo("stacks/b.html");
        assertThat(html.selectFirst("time").attr("datetime")).isEqualTo("2026-09-21T14:13:20.005Z");
    }

    @Test
    void destroysSayDestroyedOrNothingToDestroy() {
        List<TrailEntry> trail = List.of(entry("queue", T + 2, TrailResult.DESTROYED, false, List.of(), ""),
                entry("topics", T + 1, TrailResult.NOTHING_TO_DESTROY, false, List.of(), ""),
                entry("dns", T, TrailResult.FAILED, false, List.of(), "destroy failed: tofu apply failed: Error: x"));
        Document html = Jsoup.parseBodyFragment(RecentlyDeployed.html(trail, StackLinks.staticReport()));

        assertThat(html.select(".sd-trail-result").eachText()).containsExactly("destroyed", "nothing to destroy", "failed");
        assertThat(html.select("li.sd-trail-destroyed")).hasSize(1);
        assertThat(html.select("li.sd-trail-nothing-to-destroy")).hasSize(1);
        assertThat(html.selectFirst(".sd-trail-failed .sd-trail-reason").text()).startsWith("destroy failed");
    }

    @Test
    void aRepairSaysItPutBackWhatChangedOutsideTheCodeAndListsThePaths() {
        TrailEntry repair = entry("net", T, TrailResult.DEPLOYED, true, List.of("aws_sg.web.ingress[0].cidr", "aws_sg.web.tags.Owner"), "");
        Element li = Jsoup.parseBodyFragment(RecentlyDeployed.html(List.of(repair), StackLinks.staticReport())).selectFirst("li");

        assertThat(li.hasClass("sd-trail-repaired")).isTrue();
        assertThat(li.selectFirst(".sd-trail-result").text()).isEqualTo("put back what changed outside the code");
        assertThat(li.select(".sd-restored code").eachText()).containsExactly("aws_sg.web.ingress[0].cidr", "aws_sg.web.tags.Owner");
    }

    @Test
    void aRepairFlagOnANoOpOrARehearsalIsNotARepair() {
        List<TrailEntry> trail = List.of(entry("a", T, TrailResult.NOTHING_TO_DEPLOY, true, List.of("x.y"), ""),
                entry("b", T - 1, TrailResult.REHEARSAL, true, List.of("x.y"), ""));
        Document html = Jsoup.parseBodyFragment(RecentlyDeployed.html(trail, StackLinks.staticReport()));
        assertThat(html.select(".sd-trail-result").eachText()).containsExactly("nothing to deploy", "rehearsal");
        assertThat(html.select(".sd-restored")).isEmpty();
    }

    @Test
    void boundedToTheNewestEntries() {
        List<TrailEntry> trail = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            trail.add(entry("s" + i, T + i, TrailResult.DEPLOYED, false, List.of(), ""));
        }
        Document html = Jsoup.parseBodyFragment(RecentlyDeployed.html(trail, StackLinks.staticReport()));
        assertThat(html.select("li")).hasSize(30);
        assertThat(html.selectFirst(".sd-trail-stack").text()).isEqualTo("s99");
        assertThat(html.selectFirst(".sd-note").text()).isEqualTo("70 older deploys not shown.");
    }

    @Test
    void emptyTrail() {
        assertThat(Jsoup.parseBodyFragment(RecentlyDeployed.html(List.of(), StackLinks.staticReport())).text())
                .isEqualTo("Recently deployed Nothing deployed yet.");
    }
}
