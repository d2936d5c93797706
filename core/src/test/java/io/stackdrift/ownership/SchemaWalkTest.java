package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Paths walked through a schema written here (every nesting mode, nested types, cty types, write-only and computed
 * attributes), so the walk is checked without the provider schemas of ../shared.
 */
class SchemaWalkTest {
    /** One resource type's block, in the shape of {@code providers schema -json}. */
    private static final String BLOCK = """
            {
              "attributes": {
                "id": {"type": "string", "computed": true},
                "arn": {"type": "string", "computed": true},
                "name": {"type": "string", "optional": true, "computed": true},
                "size": {"type": "number", "required": true, "computed": true},
                "password": {"type": "string", "optional": true, "write_only": true},
                "tags": {"type": ["map", "string"], "optional": true},
                "ports": {"type": ["list", "number"], "optional": true},
                "pair": {"type": ["tuple", ["string", ["map", "string"]]], "optional": true},
                "names": {"type": ["set", "string"], "optional": true},
                "config": {"type": ["object", {"region": "string", "labels": ["map", "string"]}], "optional": true},
                "anything": {"type": "dynamic", "optional": true},
                "odd": {"type": ["capsule", "x"], "optional": true},
                "spec": {"nested_type": {"nesting_mode": "single", "attributes": {
                    "description": {"type": "string", "optional": true},
                    "value": {"type": "string", "optional": true, "write_only": true}}}, "optional": true},
                "rules": {"nested_type": {"nesting_mode": "list", "attributes": {
                    "port": {"type": "number", "optional": true}}}, "optional": true},
                "secrets": {"nested_type": {"nesting_mode": "map", "attributes": {
                    "inner": {"nested_type": {"nesting_mode": "single", "attributes": {
                        "token": {"type": "string", "optional": true, "write_only": true}}}, "optional": true}}},
                    "optional": true},
                "members": {"nested_type": {"nesting_mode": "set", "attributes": {
                    "user": {"type": "string", "optional": true}}}, "optional": true},
                "weird": {"nested_type": {"nesting_mode": "bag", "attributes": {}}, "optional": true}
              },
              "block_types": {
                "timeouts": {"nesting_mode": "single", "block": {"attributes": {"create": {"type": "string", "optional": true}}}},
                "settings": {"nesting_mode": "group", "block": {"attributes": {"mode": {"type": "string", "optional": true}}}},
                "disk": {"nesting_mode": "list", "block": {"attributes": {"size": {"type": "number", "optional": true}}}},
                "ingress": {"nesting_mode": "set", "block": {"attributes": {"port": {"type": "number", "optional": true}}}},
                "env": {"nesting_mode": "map", "block": {"attributes": {"value": {"type": "string", "optional": true}}}},
                "vault": {"nesting_mode": "single", "block": {
                  "attributes": {"path": {"type": "string", "optional": true}},
                  "block_types": {"auth": {"nesting_mode": "list", "block": {"attributes": {
                      "key": {"type": "string", "optional": true, "write_only": true}}}}}}},
                "strange": {"nesting_mode": "tree", "block": {}}
              }
            }
            """;

    private static SchemaWalk.Result walk(final String path) throws Exception {
        JsonNode block = new ObjectMapper().readTree(BLOCK);
        return SchemaWalk.walk(block, AttributePath.parse(path).orElseThrow());
    }

    @ParameterizedTest(name = "{0} → valid, write-only {1}, computed only {2}")
    @CsvSource(delimiter = '|', value = {
        // path | write-only | computed only
        "name                       | false | false",
        "size                       | false | false",
        "arn                        | false | true",
        "password                   | true  | false",
        "tags.Name                  | false | false",
        "tags[\"Name\"]             | false | false",
        "ports[2]                   | false | false",
        "pair[1].key                | false | false",
        "config.labels.team         | false | false",
        "anything.goes.anywhere     | false | false",
        "spec                       | true  | false",
        "spec.description           | false | false",
        "spec.value                 | true  | false",
        "rules                      | false | false",
        "rules[0]                   | false | false",
        "rules[0].port              | false | false",
        "secrets                    | true  | false",
        "secrets.db.inner.token     | true  | false",
        "members                    | false | false",
        "timeouts.create            | false | false",
        "settings.mode              | false | false",
        "disk                       | false | false",
        "disk[0].size               | false | false",
        "ingress                    | false | false",
        "env.HOME.value             | false | false",
        "env                        | false | false",
        "vault                      | true  | false",
        "vault.path                 | false | false"})
    void aValidPathSaysWhetherItHoldsWriteOnlyOrComputedOnlyValues(final String path, final boolean writeOnly,
            final boolean computedOnly) throws Exception {
        SchemaWalk.Result result = walk(path.strip());
        assertThat(result.error()).isEmpty();
        assertThat(result.valid()).isTrue();
        assertThat(result.writeOnly()).as("write-only").isEqualTo(writeOnly);
        assertThat(result.computedOnly()).as("computed only").isEqualTo(computedOnly);
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "nope                  | 'nope' is neither an attribute nor a block of this resource type",
        "timeouts[0]           | an index cannot follow a block here (at '0')",
        "disk.size             | block 'disk' is a list: it must be indexed with a number, as in disk[0]",
        "ingress[0]            | block 'ingress' is a set: its elements have no index; ignore 'ingress' as a whole",
        "env[0]                | block 'env' is a map: it is indexed by a key, not a number",
        "strange.x             | block 'strange' has an unknown nesting mode 'tree'",
        "rules.port            | 'rules' is a list of objects: index it with a number, as in rules[0]",
        "secrets[0]            | 'secrets' is a map of objects: index it with a key",
        "members[0]            | 'members' is a set: its elements have no index; ignore 'members' as a whole",
        "weird.x               | 'weird' has an unknown nesting mode 'bag'",
        "spec[0]               | 'spec' holds an object: name one of its attributes, not an index",
        "spec.other            | 'other' is not an attribute of 'spec'",
        "name.first            | 'name' is a string: nothing can follow it in a path",
        "ports.first           | 'ports' is a list: index it with a number, as in ports[0]",
        "ports[0].x            | 'ports[0]' is a number: nothing can follow it in a path",
        "pair.first            | 'pair' is a tuple: index it with a number",
        "pair[2]               | 'pair' has no element 2",
        "pair[0].x             | 'pair[0]' is a string: nothing can follow it in a path",
        "tags[0]               | 'tags' is a map: index it with a key, as in tags[\"key\"]",
        "names[0]              | 'names' is a set: its elements have no index; ignore 'names' as a whole",
        "config[0]             | 'config' is an object: name one of its attributes",
        "config.zone           | 'zone' is not an attribute of 'config'",
        "config.region.x       | 'config.region' is a string: nothing can follow it in a path",
        "odd.x                 | 'odd' has a type this check does not know (capsule)"})
    void anInvalidPathSaysWhyAsTerraformWould(final String path, final String error) throws Exception {
        SchemaWalk.Result result = walk(path.strip());
        assertThat(result.valid()).isFalse();
        assertThat(result.error()).isEqualTo(error.strip());
        assertThat(result.writeOnly()).isFalse();
    }
}
