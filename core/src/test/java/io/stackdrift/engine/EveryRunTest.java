package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.row;
import static io.stackdrift.engine.ScriptedAdapter.change;
import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.spi.MissingCredentialsException;

/**
 * What every kind of run does alike: a configuration problem stops it before any tool, a missing credential fails one
 * stack, a row shows what the stack depends on.
 */
class EveryRunTest extends ScenarioFixture {
    @Test
    void aMissingCredentialFailsThatStackBeforeAnyToolRunsAndOthersGoOn() throws IOException {
        s.terraform("a", "b");
        s.config("""
                stacks:
                  - dir: a
                    credentials:
                      AWS_ACCESS_KEY_ID: aws-a
                """);
        s.credentials = (stack, ids) -> {
            if (!ids.isEmpty()) {
                throw new MissingCredentialsException("credentials 'aws-a' not found");
            }
            return Map.of();
        };

        RunOutcome outcome = s.host().preview(s.request());

        assertThat(outcome).row("a").hasState(RowState.FAILED, "credentials 'aws-a' not found");
        assertThat(s.world.callsFor("preview")).containsExactly("b");
    }

    @Test
    void aConfigErrorStopsTheRunBeforeAnyTool() throws IOException {
        s.terraform("a");
        s.config("stacks:\n  - dir: a\n    polcy: once\n");

        RunOutcome outcome = s.host().deploy(s.request());

        assertThat(outcome.configInvalid()).isTrue();
        assertThat(outcome).endsWithError();
        assertThat(outcome.problems()).isNotEmpty();
        assertThat(s.world.calls).isEmpty();
        assertThat(s.history().summaries()).isEmpty();
    }

    @Test
    void anUnknownStackInTheSelectionIsAProblemAndNothingRuns() throws IOException {
        s.terraform("a");
        s.config("stacks:\n  - dir: a\n");

        RunOutcome outcome = s.host().preview(s.request().toBuilder().stacks(List.of("nope")).build());

        assertThat(outcome.configInvalid()).isTrue();
        assertThat(outcome.problems().get(0).message()).contains("nope");
        assertThat(s.world.calls).isEmpty();
    }

    @Test
    void aDriftCheckKeepsTheDependenciesItsPreviewSaw() throws IOException {
        shopReadsPlatform();
        s.host().preview(s.request());

        // refresh --preview-only does not run the program, so a check sees no stack reference at all
        RunOutcome check = s.host().check(s.request());

        assertThat(check).row("shop:prod").dependsOn("platform:prod");
        assertThat(s.history().stackStatuses().get(StackId.of("shop:prod")).dependsOn())
                .containsExactly(StackId.of("platform:prod"));
    }

    @Test
    void aPreviewRecordsRowsWithDependsOnAndSavesTheRun() throws IOException {
        shopReadsPlatform();
        s.world.stack("shop:prod").pending = List.of(change(Action.UPDATE, "aws:s3.bucket", Cause.CODE, "tags.CostCenter"));

        RunOutcome outcome = s.host().preview(s.request().toBuilder().parallelism(OptionalInt.of(2)).build());

        assertThat(outcome).row("shop:prod").dependsOn("platform:prod");
        assertThat(outcome).row("shop:prod").hasState(RowState.PENDING);
        assertThat(outcome).endsWithChanges();
        assertThat(s.history().stackStatuses()).containsKey(StackId.of("shop:prod"));
    }

    @Test
    void aRowShowsTheFilesDependsOnAndReadDependenciesOnlyForDependsOnAuto() throws IOException {
        s.terraform("network", "dns");
        s.pulumiProject("app", "shop", "prod");
        s.pulumiProject("web", "web", "prod");
        s.pulumiProject("platform", "platform", "prod");
        s.config("""
                stacks:
                  - dir: dns
                    dependsOn: [network]
                  - dir: app
                    name: prod
                    dependsOn: auto
                  - dir: app
                    dependsOn: [dns]
                  - dir: web
                    name: prod
                """);
        s.world.stack("shop:prod").dependsOn = List.of(StackId.of("platform:prod"));
        s.world.stack("web:prod").dependsOn = List.of(StackId.of("platform:prod"));

        RunOutcome preview = s.host().preview(s.request());

        Row dns = row(preview, "dns");
        assertThat(dns.allDependsOn()).containsExactly(StackId.of("network"));
        assertThat(dns.readFromReference(StackId.of("network"))).isFalse();
        Row shop = row(preview, "shop:prod");
        assertThat(shop.allDependsOn()).containsExactly(StackId.of("dns"), StackId.of("platform:prod"));
        assertThat(shop.readFromReference(StackId.of("platform:prod"))).isTrue();
        assertThat(shop.readFromReference(StackId.of("dns"))).isFalse();
        // without dependsOn: auto a stack reference is no dependency of the stack
        assertThat(row(preview, "web:prod").allDependsOn()).isEmpty();
        HistoryStore store = s.history();
        Row stored = store.details(store.summaries().get(0).sequence()).orElseThrow().rows().stream()
                .filter(r -> r.id().equals(StackId.of("dns"))).findFirst().orElseThrow();
        assertThat(stored.fileDependsOn()).containsExactly(StackId.of("network"));
    }

    /** Pulumi stack {@code shop:prod} with {@code dependsOn: auto}, whose program reads a reference to {@code platform:prod}. */
    private void shopReadsPlatform() throws IOException {
        s.pulumiProject("app", "shop", "prod");
        s.pulumiProject("platform", "platform", "prod");
        s.config("stacks:\n  - dir: app\n    name: prod\n    dependsOn: auto\n");
        s.world.stack("shop:prod").dependsOn = List.of(StackId.of("platform:prod"));
    }
}
