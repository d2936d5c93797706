package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.KnownState;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

class SecretMaskTest {
    private static final String SECRET = "wJalr'XUtn$FEMI";

    private static String base64(final String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void masksTheValueAsItIs() {
        assertThat(SecretMask.of(List.of(SECRET)).mask("key " + SECRET + " and " + SECRET)).isEqualTo("key **** and ****");
    }

    @Test
    void masksTheBase64OfTheValueAloneAndInsideALongerEncodedText() {
        SecretMask mask = SecretMask.of(List.of(SECRET));
        for (String prefix : List.of("", "u", "us", "user:")) {
            String encoded = base64(prefix + SECRET + "\n");
            assertThat(mask.mask("Authorization: Basic " + encoded)).as(prefix).contains("****")
                    .doesNotContain(base64(SECRET).substring(4, 12));
        }
        String urlSafe = Base64.getUrlEncoder().encodeToString(("??>" + SECRET).getBytes(StandardCharsets.UTF_8));
        assertThat(mask.mask(urlSafe)).contains("****");
    }

    @Test
    void masksTheShellQuotedFormsOfTheValue() {
        SecretMask mask = SecretMask.of(List.of(SECRET));
        assertThat(mask.mask("+ export KEY='wJalr'\\''XUtn$FEMI'")).isEqualTo("+ export KEY=****");
        assertThat(mask.mask("+ export KEY='wJalr'\"'\"'XUtn$FEMI'")).isEqualTo("+ export KEY='****'");
        assertThat(mask.mask("KEY=wJalr'XUtn$$FEMI")).isEqualTo("KEY=****");
    }

    @Test
    void masksTheValueAsAShellReadsItsBackslashes() {
        assertThat(SecretMask.of(List.of("pa\\ss\\\\word")).mask("echo pass\\word")).isEqualTo("echo ****");
    }

    @Test
    void leavesOutDerivedFormsTooShortToMaskAndKeepsAShortValueMasked() {
        // "ab" encodes to YWI=, whose unpadded form "YW" would mask ordinary words
        SecretMask mask = SecretMask.of(List.of("ab"));
        assertThat(mask.mask("YWxs ab")).isEqualTo("YWxs ****");
    }

    @Test
    void masksTheLongerSecretWholeWhenOneContainsAnother() {
        assertThat(SecretMask.of(List.of("abc", "abcdef")).mask("x abcdef y")).isEqualTo("x **** y");
    }

    @Test
    void aHostsOwnPatternIsMaskedAsItIsAndAnEmptyOneMasksNothing() {
        assertThat(SecretMask.of(Pattern.compile("s3cr3t|hunter2")).mask("hunter2 s3cr3t")).isEqualTo("**** ****");
        assertThat(SecretMask.of(Pattern.compile("")).isEmpty()).isTrue();
        assertThat(SecretMask.of(List.of("", "")).isEmpty()).isTrue();
        assertThat(SecretMask.NONE.mask("a$b\\c")).isEqualTo("a$b\\c");
    }

    @Test
    void aMaskedRecordKeepsEveryComponentButTheReasonsTheDriftAgeAndTimeToRepairIncluded() {
        StackId net = StackId.of("network");
        Row row = Row.of(net, Tool.TERRAFORM, "network", RowState.FAILED, "Error: " + SECRET).withDriftAge(new DriftAge(500, 3))
                .withKnown(new KnownState(RowState.DRIFTED, 500, 900));
        TrailEntry repair = new TrailEntry(net, "7", 2000, 3000, TrailResult.DEPLOYED, true, List.of("aws_vpc.main.tags.Owner"),
                "with " + SECRET, 1000);
        RunRecord run = new RunRecord("7", RunKind.DEPLOY, "push", 1, 4000, List.of(row), List.of(repair));

        RunRecord masked = SecretMask.of(List.of(SECRET)).mask(run);

        assertThat(masked).isEqualTo(new RunRecord("7", RunKind.DEPLOY, "push", 1, 4000, List.of(row.withReason("Error: ****")),
                List.of(repair.withReason("with ****"))));
        assertThat(masked.trail().get(0).driftedSince()).isEqualTo(1000);
        assertThat(masked.trail().get(0).timeToRepair()).hasValueSatisfying(d -> assertThat(d.toMillis()).isEqualTo(2000));
    }
}
