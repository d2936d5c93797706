package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.testing.Fixtures;

/** The digest reader and the engine-event reader, on genuine files and on digests shaped per reference B2–B4. */
class PulumiReadersTest {
    @TempDir
    Path dir;

    private Path write(final String json) throws IOException {
        Path file = dir.resolve("preview.json");
        Files.writeString(file, json);
        return file;
    }

    @Test
    void aRefreshOfNoResourceOrAPreviewThatCreatesTheRootStackStartsFromAnEmptyState() throws IOException {
        String root = "urn:pulumi:prod::shop::pulumi:pulumi:Stack::shop-prod";
        assertThat(new PulumiDigestReader(PulumiDigestReader.Kind.REFRESH).read(write("{\"steps\":[],\"changeSummary\":{}}"))
                .priorState()).isEqualTo(PriorState.EMPTY);
        assertThat(new PulumiDigestReader(PulumiDigestReader.Kind.REFRESH).read(write("{\"steps\":[{\"op\":\"refresh\",\"urn\":\""
                + root + "\"}]}")).priorState()).isEqualTo(PriorState.HELD);
        assertThat(new PulumiDigestReader(PulumiDigestReader.Kind.PREVIEW).read(write("{\"steps\":[{\"op\":\"create\",\"urn\":\""
                + root + "\"}]}")).priorState()).isEqualTo(PriorState.EMPTY);
        assertThat(new PulumiDigestReader(PulumiDigestReader.Kind.PREVIEW).read(write("{\"steps\":[{\"op\":\"same\",\"urn\":\""
                + root + "\"}]}")).priorState()).isEqualTo(PriorState.HELD);
    }

    @Test
    void aKeyTwiceInOneObjectOfAPreviewIsRefusedAsMalformed() throws IOException {
        String urn = "urn:pulumi:prod::shop::aws:s3/bucket:Bucket::logs";
        // op update, then same: the last one would win and hide the change
        PlanSummary summary = new PulumiDigestReader(PulumiDigestReader.Kind.PREVIEW).read(write("{\"steps\":[{\"op\":\"update\","
                + "\"urn\":\"" + urn + "\",\"op\":\"same\"}]}"));

        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).startsWith("the JSON holds one key twice in an object (line 1, column ");
        assertThat(summary.changes()).isEmpty();
    }

    @Test
    void digestOfCreates() {
        PlanSummary summary = new PulumiDigestReader(PulumiDigestReader.Kind.DETECT)
                .read(Fixtures.fixture("pulumi/stratify-preview-creates.preview.json"));
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).hasSize(16).allSatisfy(c -> {
            assertThat(c.action()).isEqualTo(Action.CREATE);
            assertThat(c.cause()).isEqualTo(Cause.CODE);
        });
        assertThat(summary.changes().toList().get(0)).isEqualTo(new Change(Action.CREATE, "pulumi:pulumi:Stack", "sample-dev", List.of(),
                Cause.CODE));
        assertThat(summary.changes()).extracting(Change::type, Change::address).contains(
                tuple("aws:s3/bucket:Bucket", "docs"), tuple("aws:lambda/function:Function", "docsHandler"),
                tuple("aws:iam/rolePolicyAttachment:RolePolicyAttachment", "docsHandler-a1de8170"));
    }

    @Test
    void digestOfAnUpdateIgnoresSames() {
        PlanSummary summary = new PulumiDigestReader(PulumiDigestReader.Kind.DETECT)
                .read(Fixtures.fixture("pulumi/stratify-preview-update.preview.json"));
        assertThat(summary.changes()).containsExactly(
                new Change(Action.UPDATE, "aws:lambda/function:Function", "docsHandler", List.of("code"), Cause.CODE));
        assertThat(summary.drift()).isEmpty();
    }

    @Test
    void refreshPreviewDigestIsDriftWhetherGivenOrDetected() throws IOException {
        Path file = write("{\"steps\":["
                + "{\"op\":\"refresh\",\"urn\":\"urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev\",\"detailedDiff\":null},"
                + "{\"op\":\"update\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\",\"newState\":{\"type\":\"aws:s3/bucket:Bu"
                        + "cket\"},"
                + "\"diffReasons\":[\"tags\"],\"detailedDiff\":{\"tags.Env\":{\"kind\":\"update\",\"inputDiff\":false},\"__defaults\":"
                        + "{\"kind\":\"update\"}}},"
                + "{\"op\":\"delete\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::gone\",\"oldState\":{\"type\":\"aws:s3/bucket"
                        + ":Bucket\"},\"detailedDiff\":null}"
                + "],\"changeSummary\":{\"same\":1,\"update\":1,\"delete\":1}}");
        for (PulumiDigestReader.Kind kind : List.of(PulumiDigestReader.Kind.REFRESH, PulumiDigestReader.Kind.DETECT)) {
            PlanSummary summary = new PulumiDigestReader(kind).read(file);
            assertThat(summary.changes()).as(kind.name()).isEmpty();
            assertThat(summary.drift()).as(kind.name()).containsExactly(
                    new Change(Action.UPDATE, "aws:s3/bucket:Bucket", "b", List.of("tags.Env"), Cause.DRIFT),
                    new Change(Action.DELETE, "aws:s3/bucket:Bucket", "gone", List.of(), Cause.DRIFT));
        }
        assertThat(new PulumiDigestReader(PulumiDigestReader.Kind.PREVIEW).read(file).drift()).isEmpty();
    }

    @Test
    void aLegacyRefreshDigestThatNamesNoDriftFailsInsteadOfReadingInSync() throws IOException {
        PlanSummary summary = new PulumiDigestReader(PulumiDigestReader.Kind.DETECT).read(write("{\"steps\":["
                + "{\"op\":\"refresh\",\"urn\":\"urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev\"},"
                + "{\"op\":\"refresh\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\",\"detailedDiff\":null}],"
                + "\"changeSummary\":{\"same\":1,\"update\":1}}"));
        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).isEqualTo("the refresh preview counts 1 changed resource(s) but names 0;"
                + " unset PULUMI_ENABLE_LEGACY_REFRESH_DIFF so that Pulumi names them");
    }

    @Test
    void previewWithRefreshCountsRevertingStepsAsPending() throws IOException {
        PlanSummary summary = new PulumiDigestReader(PulumiDigestReader.Kind.DETECT).read(write("{\"steps\":["
                + "{\"op\":\"same\",\"urn\":\"urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev\"},"
                + "{\"op\":\"refresh\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\"},"
                + "{\"op\":\"replace\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\",\"detailedDiff\":null,"
                + "\"diffReasons\":[\"tags\"],\"replaceReasons\":[\"bucket\"]}]}"));
        assertThat(summary.changes()).containsExactly(
                new Change(Action.REPLACE, "aws:s3/bucket:Bucket", "b", List.of("bucket", "tags"), Cause.CODE));
        assertThat(summary.drift()).isEmpty();
    }

    @Test
    void digestStackReferencesAndErrorDiagnostics() throws IOException {
        String read = "{\"op\":\"read\",\"urn\":\"urn:pulumi:dev::app::pulumi:pulumi:StackReference::net\",\"newState\":{"
                + "\"type\":\"pulumi:pulumi:StackReference\",\"id\":\"acme/network/prod\",\"inputs\":{\"name\":\"acme/network/prod\"}}"
                        + ",\"detailedDiff\":null}";
        PlanSummary ok = new PulumiDigestReader(PulumiDigestReader.Kind.DETECT).read(write("{\"steps\":[" + read + "]}"));
        assertThat(ok.failed()).isFalse();
        assertThat(ok.stackReferences()).containsExactly("acme/network/prod");
        assertThat(ok.changes()).isEmpty();

        PlanSummary failed = new PulumiDigestReader(PulumiDigestReader.Kind.DETECT).read(write("{\"steps\":[" + read + "],\"diagnostics\":["
                + "{\"message\":\"hello from the program\",\"severity\":\"info\"},"
                + "{\"message\":\"\\u001b[31merror: \\u001b[0mcould not resolve stack s3cr3t\\nsecond line\",\"severity\":\"error\"},"
                + "{\"message\":\"a later error\",\"severity\":\"error\"}]}"));
        assertThat(failed.failed()).isTrue();
        // Pulumi's message text can carry anything the program printed, values unquoted: it is never the reason
        assertThat(failed.failureReason()).isEqualTo("an error diagnostic; its message is in the tool's output");
        assertThat(failed.stackReferences()).isEmpty();
    }

    @Test
    void engineEventsOfAReplace() {
        PlanSummary summary = new PulumiEventsReader().read(Fixtures.fixture("pulumi/display-webserver-userdata.engine-events.jsonl"));
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).containsExactly(
                new Change(Action.REPLACE, "aws:ec2/instance:Instance", "web-server-www", List.of("userData"), Cause.CODE));
    }

    @Test
    void engineEventsOfARefreshGiveDrift() {
        PlanSummary summary = new PulumiEventsReader()
                .read(Fixtures.fixture("pulumi/lifecycle-RefreshBasics-all-preview.engine-events.jsonl"));
        assertThat(summary.changes()).isEmpty();
        // resourceChanges {"delete":2,"same":3,"update":1}: two resC deletes (two objects share the URN) and one resA update
        assertThat(summary.drift()).containsExactly(
                new Change(Action.DELETE, "pkgA:m:typA", "resC", List.of(), Cause.DRIFT),
                new Change(Action.DELETE, "pkgA:m:typA", "resC", List.of(), Cause.DRIFT),
                new Change(Action.UPDATE, "pkgA:m:typA", "resA", List.of("oof"), Cause.DRIFT));
    }

    @Test
    void engineEventsStackReference() {
        PlanSummary summary = new PulumiEventsReader()
                .read(Fixtures.fixture("pulumi/lifecycle-StackReference-preview.engine-events.jsonl"));
        assertThat(summary.failed()).isFalse();
        assertThat(summary.stackReferences()).containsExactly("other");
        assertThat(summary.changes()).isEmpty();
        assertThat(summary.toString()).doesNotContain("bar");
    }

    @Test
    void engineEventsOfAFailedPreview() {
        PlanSummary summary = new PulumiEventsReader().read(Fixtures.fixture("pulumi/lifecycle-MissingRead-preview.engine-events.jsonl"));
        assertThat(summary.failed()).isTrue();
        // the diagnostic's resource (from its URN), never its message
        assertThat(summary.failureReason()).isEqualTo("an error diagnostic for pkgA:m:typA resA; its message is in the tool's output");
    }

    @Test
    void aFailedSummaryWithoutDiagnosticFails() throws IOException {
        PlanSummary summary = new PulumiEventsReader().read(write("{\"sequence\":1,\"summaryEvent\":{\"result\":\"failed\"}}\n"));
        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).contains("failed");
    }

    @Test
    void aCutEventStreamFails() throws IOException {
        List<String> full = Files.readAllLines(Fixtures.fixture("pulumi/lifecycle-RefreshBasics-all-preview.engine-events.jsonl"));
        int summary = 0;
        while (!full.get(summary).contains("summaryEvent")) {
            summary++;
        }
        for (int lines = 1; lines <= summary; lines++) {
            PlanSummary cut = new PulumiEventsReader().read(write(String.join("\n", full.subList(0, lines)) + "\n"));
            assertThat(cut.failed()).as("the first %d lines", lines).isTrue();
            assertThat(cut.failureReason()).isEqualTo("the event stream ends before its summary (truncated?)");
            assertThat(cut.drift()).isEmpty();
        }
        assertThat(new PulumiEventsReader().read(write(String.join("\n", full.subList(0, summary + 1)) + "\n")).drift()).hasSize(3);
    }

    @Test
    void aStreamWithOnlyItsPreludeOrAnUnansweredRefreshFails() throws IOException {
        String prelude = "{\"sequence\":0,\"timestamp\":0,\"preludeEvent\":{\"config\":{}}}\n";
        assertThat(new PulumiEventsReader().read(write(prelude)).failureReason())
                .isEqualTo("the event stream ends before its summary (truncated?)");
        String refresh = "{\"sequence\":1,\"resourcePreEvent\":{\"metadata\":{\"op\":\"refresh\",\"urn\":\"urn:pulumi:s::p::t:m:T::r"
                + "\"}}}\n";
        String cancel = "{\"sequence\":2,\"cancelEvent\":{}}\n";
        assertThat(new PulumiEventsReader().read(write(prelude + refresh + cancel)).failureReason())
                .isEqualTo("the event stream ends with 1 refresh(es) unanswered (truncated?)");
        assertThat(new PulumiEventsReader().read(write(prelude + cancel)).failed()).isFalse();
    }

    @Test
    void unknownOpsFailClosedInTheDigestAndTheEvents() throws IOException {
        String digest = "{\"steps\":[{\"op\":\"teleport\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\"}]}";
        for (PulumiDigestReader.Kind kind : PulumiDigestReader.Kind.values()) {
            PlanSummary summary = new PulumiDigestReader(kind).read(write(digest));
            assertThat(summary.failed()).as(kind.name()).isTrue();
            assertThat(summary.failureReason()).isEqualTo("a step has an unknown op teleport");
        }
        String prelude = "{\"sequence\":0,\"preludeEvent\":{\"config\":{}}}\n";
        String pre = "{\"sequence\":1,\"resourcePreEvent\":{\"metadata\":{\"op\":\"UPDATE\",\"urn\":\"urn:pulumi:s::p::t:m:T::r\"}}}\n";
        String end = "{\"sequence\":2,\"summaryEvent\":{\"result\":\"succeeded\"}}\n";
        assertThat(new PulumiEventsReader().read(write(prelude + pre + end)).failureReason())
                .isEqualTo("a resource event has an unknown op UPDATE");
    }

    @Test
    void aPathStopsAtAPulumiSecret() throws IOException {
        // the blinded string of the digest, and the secret signature object, each inside inputs or outputs
        String digest = "{\"steps\":[{\"op\":\"update\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\","
                + "\"oldState\":{\"type\":\"aws:s3/bucket:Bucket\",\"inputs\":{\"tags\":\"[secret]\",\"plain\":{\"k\":\"v\"}}},"
                + "\"newState\":{\"type\":\"aws:s3/bucket:Bucket\",\"outputs\":{\"conf\":{\"db\":{"
                + "\"4dabf18193072939515e22adb298388d\":\"1b47061264138c4ac30d75fd1eb44270\",\"ciphertext\":\"x\"}},"
                + "\"list\":[\"a\",\"[secret]\"]}},"
                + "\"detailedDiff\":{\"tags.hunter2\":{\"kind\":\"update\"},\"tags[\\\"k.8s/hunter3\\\"]\":{\"kind\":\"add\"},"
                + "\"conf.db.hunter4\":{\"kind\":\"update\"},\"list[1].hunter5\":{\"kind\":\"update\"},\"plain.k\":{\"kind\":\"update"
                        + "\"}}}]}";
        PlanSummary summary = new PulumiDigestReader(PulumiDigestReader.Kind.PREVIEW).read(write(digest));
        assertThat(summary.failed()).isFalse();
        assertThat(summary.changes()).singleElement().satisfies(c ->
                assertThat(c.paths()).containsExactly("conf.db", "list[1]", "plain.k", "tags"));
        assertThat(summary.toString()).doesNotContain("hunter");

        String prelude = "{\"sequence\":0,\"preludeEvent\":{\"config\":{}}}\n";
        String pre = "{\"sequence\":1,\"resourcePreEvent\":{\"metadata\":{\"op\":\"update\",\"urn\":\"urn:pulumi:s::p::t:m:T::r\","
                + "\"old\":{\"inputs\":{\"tags\":\"[secret]\"}},\"new\":{\"inputs\":{}},"
                + "\"detailedDiff\":{\"tags.hunter2\":{\"kind\":\"update\"}}}}}\n";
        String end = "{\"sequence\":2,\"summaryEvent\":{\"result\":\"succeeded\"}}\n";
        PlanSummary events = new PulumiEventsReader().read(write(prelude + pre + end));
        assertThat(events.changes()).singleElement().satisfies(c -> assertThat(c.paths()).containsExactly("tags"));
    }
}
