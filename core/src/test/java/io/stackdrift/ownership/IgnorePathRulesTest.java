package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * The ignore-path rules with a schema written here (the shared provider schemas may be absent), the parsing of keys
 * and the drift split of a row, as PIT showed them unchecked.
 */
class IgnorePathRulesTest {
    private static final String SCHEMA = """
            {"format_version": "1.0", "provider_schemas": {"registry.terraform.io/x/a": {"resource_schemas": {"a_t": {"block": {
              "attributes": {
                "id": {"type": "string", "computed": true},
                "tags": {"type": ["map", "string"], "optional": true},
                "name": {"type": "string", "optional": true},
                "password": {"type": "string", "optional": true, "write_only": true}}}}}}}}
            """;

    @TempDir
    Path stack;

    private ResourceScanner.Result declarations;

    @BeforeEach
    void declare() throws IOException {
        Files.writeString(stack.resolve("main.tf"), "resource \"a_t\" \"x\" {}\n");
        declarations = ResourceScanner.scan(stack, Tool.TERRAFORM);
    }

    private IgnoreEligibility.Verdict check(final String path, final Map<String, List<String>> replacePaths) throws IOException {
        ProviderSchemas schemas = ProviderSchemas.read(new ByteArrayInputStream(SCHEMA.getBytes(StandardCharsets.UTF_8)), Set.of("a_t"));
        return IgnoreEligibility.check(Tool.TERRAFORM, List.of(path), declarations, schemas, replacePaths);
    }

    private String rejection(final String path, final Map<String, List<String>> replacePaths) throws IOException {
        IgnoreEligibility.Verdict verdict = check(path, replacePaths);
        assertThat(verdict.allAccepted()).isFalse();
        assertThat(verdict.accepted()).isEmpty();
        return verdict.rejections().get(0).format();
    }

    @Test
    void eachRuleRejectsWithItsOwnWords() throws IOException {
        assertThat(check("a_t.x.tags", Map.of()).allAccepted()).isTrue();
        assertThat(rejection("data.a_t.x.name", Map.of())).contains("(rule 1)", "it names a data source");
        assertThat(rejection("module.m.a_t.x.name", Map.of())).contains("(rule 1)", "it names a resource in a child module");
        assertThat(rejection("a_t x tags", Map.of())).contains("(rule 1)", "not of the form TYPE.NAME.attribute");
        assertThat(rejection("a_t.x.password", Map.of())).contains("(rule 3)", "write-only");
        assertThat(rejection("a_t.x.id", Map.of())).contains("(rule 2)", "'id' identifies the object");
    }

    @Test
    void aReplacePathOverlapsWhenEitherLiesWithinTheOtherOnTheSameResource() throws IOException {
        assertThat(rejection("a_t.x.tags", Map.of("a_t.x", List.of("tags.Name"))))
                .contains("(rule 2)", "a change of tags.Name forces replacement of a_t.x");
        assertThat(rejection("a_t.x.tags.Name", Map.of("a_t.x[0]", List.of("tags")))).contains("(rule 2)");
        assertThat(check("a_t.x.tags", Map.of("a_t.other", List.of("tags"))).allAccepted()).as("another resource").isTrue();
        assertThat(check("a_t.x.tags", Map.of("a_t.x", List.of("name", "[not a path")))).as("other paths").satisfies(v -> {
            assertThat(v.allAccepted()).isTrue();
            assertThat(v.accepted()).extracting(IgnorePath::text).containsExactly("a_t.x.tags");
        });
    }

    @Test
    void keysUndoHclEscapesAndAPathThatStopsShortIsNone() {
        AttributePath templated = AttributePath.parse("tags[\"$${a}%%{b}$c\"]").orElseThrow();
        assertThat(templated.steps().get(1).text()).isEqualTo("${a}%{b}$c");
        assertThat(templated.toString()).isEqualTo(templated.toHcl()).isEqualTo("tags[\"$${a}%%{b}$c\"]");
        assertThat(AttributePath.parse("tags[\"a\\\\b\\\"c\\n\"]").orElseThrow().steps().get(1).text()).isEqualTo("a\\b\"c\n");
        assertThat(AttributePath.parse("tags[\"open")).isEmpty();
        assertThat(AttributePath.parse("tags[\"open\\")).isEmpty();
        assertThat(AttributePath.parse("tags[0")).isEmpty();
        assertThat(IgnorePath.parse("a_t.x[0]")).isEmpty();
        assertThat(IgnorePath.parse("a_t.x[0].tags")).hasValueSatisfying(p -> assertThat(p.instanceKey()).isEqualTo("0"));
    }

    private static Change drift(final String... paths) {
        return new Change(Action.UPDATE, "a_t", "a_t.x", List.of(paths), Cause.DRIFT);
    }

    private static Row row(final RowState state, final Change... drift) {
        return Row.of(StackId.of("s"), Tool.TERRAFORM, "s", state, "why").withDrift(List.of(drift));
    }

    @Test
    void driftOnAnOwnedPathMovesOffTheRowAndTheStateFollowsWhatRemains() {
        List<IgnorePath> owned = List.of(IgnorePath.parse("a_t.x.tags").orElseThrow());

        Row partly = OwnershipGuard.split(row(RowState.DRIFTED, drift("tags.Name", "name")), owned);
        assertThat(partly.state()).isEqualTo(RowState.DRIFTED);
        assertThat(partly.drift().toList()).containsExactly(drift("name"));
        assertThat(partly.ownedElsewhere().toList()).containsExactly(drift("tags.Name"));

        Row wholly = OwnershipGuard.split(row(RowState.DRIFTED, drift("tags.Name")), owned);
        assertThat(wholly.state()).isEqualTo(RowState.IN_SYNC);
        assertThat(wholly.drift().isEmpty()).isTrue();
        assertThat(wholly.reason()).isEqualTo("why");

        Row again = OwnershipGuard.split(wholly.withDrift(List.of(drift("tags.Env"))), owned);
        assertThat(again.ownedElsewhere().toList()).containsExactly(drift("tags.Name"), drift("tags.Env"));

        assertThat(OwnershipGuard.split(row(RowState.FAILED, drift("tags.Name")), owned).state()).isEqualTo(RowState.FAILED);
        Row untouched = row(RowState.DRIFTED, drift("tags.Name"));
        assertThat(OwnershipGuard.split(untouched, List.of())).isSameAs(untouched);
        assertThat(OwnershipGuard.split(row(RowState.PENDING), owned).state()).isEqualTo(RowState.PENDING);
        assertThat(OwnershipSplit.of(List.of(drift("tags")), List.of()).drift().toList()).containsExactly(drift("tags"));
    }
}
