package io.stackdrift.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** A trusted file's credentials: mapping, parsed from its text alone and applied to another copy's stacks. */
class TrustedCredentialsTest {
    private static final String TRUSTED = """
            stacks:
              - dir: envs/*
                credentials: {AWS_KEY: aws-dev, REGION_TOKEN: token-dev}
              - dir: envs/prod
                credentials: {AWS_KEY: aws-prod}
              - dir: envs/prod
                name: blue
                credentials: {AWS_KEY: aws-prod-blue}
              - dir: apps/shop
                name: prod
                credentials: {PULUMI_ACCESS_TOKEN: pulumi-prod}
              - dir: apps/*
                credentials: {PULUMI_ACCESS_TOKEN: pulumi-a}
              - dir: apps/c*
                credentials: {PULUMI_ACCESS_TOKEN: pulumi-b}
            """;

    private final TrustedCredentials trusted = TrustedCredentials.parse(TRUSTED, "stacks.yaml");

    @Test
    void aStackGetsWhatTheTrustedEntriesForItsDirectoryAndNameMapByTheLoadersRanks() {
        assertThat(trusted.problems()).isEmpty();
        assertThat(trusted.of(new StackPlace("envs/dev", ""))).isEqualTo(Map.of("AWS_KEY", "aws-dev", "REGION_TOKEN", "token-dev"));
        // an exact directory over a glob, a named entry over both; "default" is the unnamed workspace
        assertThat(trusted.of(new StackPlace("envs/prod", ""))).isEqualTo(Map.of("AWS_KEY", "aws-prod", "REGION_TOKEN", "token-dev"));
        assertThat(trusted.of(new StackPlace("envs/prod", "blue"))).containsEntry("AWS_KEY", "aws-prod-blue");
        assertThat(trusted.of(new StackPlace("envs/prod", "green"))).containsEntry("AWS_KEY", "aws-prod");
        assertThat(trusted.of(new StackPlace("apps/shop", "prod"))).isEqualTo(Map.of("PULUMI_ACCESS_TOKEN", "pulumi-prod"));
        assertThat(trusted.of(new StackPlace("network", ""))).isEmpty();
    }

    @Test
    void globsOfOneRankThatDisagreeGiveTheVariableToNone() {
        assertThat(trusted.of(new StackPlace("apps/cart", "prod"))).doesNotContainKey("PULUMI_ACCESS_TOKEN");
    }

    @Test
    void anInvalidTrustedFileMapsNothing() {
        TrustedCredentials broken = TrustedCredentials.parse("stacks:\n  - dir: envs/*\n    credentials: [aws-dev]\n", "stacks.yaml");
        assertThat(broken.problems()).isNotEmpty();
        assertThat(broken.of(new StackPlace("envs/dev", ""))).isEmpty();
        assertThat(TrustedCredentials.parse("x".repeat(1_000_001), "stacks.yaml").problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("longer than"));
    }
}
