package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.DriftAge;
import io.stackdrift.model.KnownState;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.FailureReasons;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

class SecretMaskTest {
    private static final String SECRET = "wJalr'XUtn$FEMI";
    /** A password as a database URL, a form, a JSON body and a hex dump carry it. */
    private static final String ODD = "s3cr3t p@ss/w\u00f6rd\"+x";

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

    @Test
    void masksThePercentEncodedFormsInEitherCaseWithASpaceAsPlusOrPercent20() {
        SecretMask mask = SecretMask.of(List.of(ODD));
        String upperPlus = URLEncoder.encode(ODD, StandardCharsets.UTF_8);
        assertThat(upperPlus).isEqualTo("s3cr3t+p%40ss%2Fw%C3%B6rd%22%2Bx");
        String lower20 = "s3cr3t%20p%40ss%2fw%c3%b6rd%22%2bx";
        String mixed = "s3cr3t%20p@ss/w%C3%b6rd\"+x";
        for (String form : List.of(upperPlus, lower20, mixed)) {
            assertThat(mask.mask("postgres://app:" + form + "@db:5432/x")).as(form).isEqualTo("postgres://app:****@db:5432/x");
        }
    }

    @Test
    void masksTheJsonEscapedForm() {
        SecretMask mask = SecretMask.of(List.of(ODD));
        String jackson = "s3cr3t p@ss/w\u00f6rd\\\"+x";
        String everyEscape = "s3cr3t p@ss\\/w\\u00F6rd\\u0022+x";
        for (String form : List.of(jackson, everyEscape)) {
            assertThat(mask.mask("{\"password\":\"" + form + "\"}")).as(form).isEqualTo("{\"password\":\"****\"}");
        }
        assertThat(SecretMask.of(List.of("a\\b\nc")).mask("x a\\\\b\\nc y")).isEqualTo("x **** y");
    }

    @Test
    void masksTheHexFormInEitherCase() {
        SecretMask mask = SecretMask.of(List.of(ODD));
        String hex = HexFormat.of().formatHex(ODD.getBytes(StandardCharsets.UTF_8));
        assertThat(mask.mask("dump " + hex + " end")).isEqualTo("dump **** end");
        assertThat(mask.mask("dump " + hex.toUpperCase(Locale.ROOT) + " end")).isEqualTo("dump **** end");
    }

    @Test
    void aHostsPatternIsAddedToTheCoresFormsNeverInTheirPlace() {
        Pattern host = Pattern.compile(Pattern.quote(ODD) + "|registered-form");
        SecretMask mask = SecretMask.of(SecretMask.patternOf(List.of(ODD), host));
        assertThat(mask.mask("a s3cr3t%20p%40ss%2Fw%C3%B6rd%22%2Bx b registered-form c")).isEqualTo("a **** b **** c");
        assertThat(SecretMask.patternOf(List.of(), Pattern.compile("")).pattern()).isEmpty();
    }

    /** A reason cuts the inside of quoted text out before the host masks it: each part of the secret is masked then. */
    @Test
    void aSecretWithQuotesIsMaskedInAReasonWhoseQuotedPartsWereCut() {
        SecretMask mask = SecretMask.of(List.of(ODD));
        for (String line : List.of("cannot reach postgres://app:" + ODD + "@db", "bad password " + ODD + " given",
                "body {\"pw\":\"s3cr3t p@ss\\/w\\u00F6rd\\\"+x\"}")) {
            String reason = mask.mask(FailureReasons.maskQuoted(line));
            assertThat(reason).as(line).doesNotContain("p@ss").doesNotContain("s3cr3t");
        }
    }
}
