package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import org.junit.jupiter.api.Test;

import io.stackdrift.plan.CompactTree.Arr;
import io.stackdrift.plan.CompactTree.Obj;

class CompactTreeMaskTest {
    private static Object mask(final String json) throws IOException {
        try (JsonParser parser = new JsonFactory().createParser(json)) {
            parser.nextToken();
            return CompactTree.readMask(parser);
        }
    }

    @Test
    void onlyWhatMarksSomethingIsKeptAndArrayPositionsStay() throws IOException {
        Object mask = mask("{\"f\":true,\"a\":false,\"b\":{\"c\":false,\"x\":[]},\"d\":[false,true,{}],\"e\":[false,{\"g\":false}]}");

        assertThat(mask).isInstanceOf(Obj.class);
        Obj obj = (Obj) mask;
        assertThat(obj.keys).containsExactly("d", "f");
        assertThat(CompactTree.isTrue(CompactTree.child(mask, "f"))).isTrue();
        Object d = CompactTree.child(mask, "d");
        assertThat(d).isInstanceOf(Arr.class);
        assertThat(((Arr) d).size()).isEqualTo(3);
        assertThat(CompactTree.child(d, 0)).isNull();
        assertThat(CompactTree.isTrue(CompactTree.child(d, 1))).isTrue();
        assertThat(CompactTree.child(mask, "a")).isNull();
        assertThat(CompactTree.child(mask, "b")).isNull();
        assertThat(CompactTree.child(mask, "e")).isNull();
    }

    @Test
    void aMaskWithNothingTrueIsAbsentAndATopLevelTrueStays() throws IOException {
        assertThat(mask("{\"a\":false,\"b\":[false,{}]}")).isNull();
        assertThat(mask("false")).isNull();
        assertThat(mask("[]")).isNull();
        assertThat(mask("true")).isEqualTo(Boolean.TRUE);
        assertThat(mask("\"not a mask\"")).isNull();
    }
}
