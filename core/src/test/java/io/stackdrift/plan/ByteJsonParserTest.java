package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Change;
import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

/**
 * The byte parser gives Jackson's tokens wherever it reads, and a plan read with it gives what a read with Jackson
 * alone gives: the same changes and paths, and on bad input the same outcome and reason (it stops, and Jackson reads).
 */
class ByteJsonParserTest {
    @TempDir
    Path dir;

    private static final String BASE = "lifecycle/2-changes.plan.json";

    /** Every token with its text (names, strings, numbers); an {@code Unsupported} ends the list with a mark. */
    private static List<String> tokens(final JsonParser parser) throws IOException {
        List<String> tokens = new ArrayList<>();
        try (parser) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                tokens.add(token + (token.isScalarValue() || token == JsonToken.FIELD_NAME ? " " + parser.getText() : ""));
                if (token.isNumeric()) {
                    tokens.add(token == JsonToken.VALUE_NUMBER_INT ? parser.getNumberType() + " " + parser.getBigIntegerValue()
                            : parser.getDecimalValue().stripTrailingZeros().toString());
                }
            }
        } catch (ByteJsonUnsupported e) {
            tokens.add("(unsupported)");
        }
        return tokens;
    }

    /** Reads a few bytes at a time, so that every token meets the buffer's end somewhere. */
    private static InputStream trickle(final byte[] bytes, final int most) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(final byte[] b, final int off, final int len) {
                return super.read(b, off, Math.min(len, most));
            }
        };
    }

    private static List<String> jacksonTokens(final byte[] bytes) throws IOException {
        return tokens(PlanJson.FACTORY.createParser(bytes));
    }

    @Test
    void everyPlanFixtureGivesJacksonsTokens() throws IOException {
        List<Path> plans = new ArrayList<>();
        PlanReadersTest.OWN_FORMATS.forEach((file, format) -> {
            if (format.equals(TerraformPlanReader.FORMAT)) {
                plans.add(Fixtures.terraform(file));
            }
        });
        Path shared = Fixtures.shared().resolve("fixtures");
        try (Stream<Path> files = Files.walk(shared)) {
            files.filter(f -> f.toString().endsWith(".plan.json")).forEach(plans::add);
        }
        assertThat(plans).hasSizeGreaterThan(10);
        for (Path plan : plans) {
            byte[] bytes = Files.readAllBytes(plan);
            assertThat(tokens(new ByteJsonParser(trickle(bytes, 7)))).as(plan.toString()).isEqualTo(jacksonTokens(bytes))
                    .doesNotContain("(unsupported)");
        }
    }

    @Test
    void aNameTwiceInOneObjectStopsTheByteParserAndJacksonRefusesItEvenInASkippedValue() throws IOException {
        StringBuilder many = new StringBuilder("{");
        for (int i = 0; i < 40; i++) {
            many.append(i == 0 ? "" : ",").append("\"key").append(i).append("\":").append(i);
        }
        String manyKeys = many.append('}').toString();
        for (String json : List.of("{\"errored\":true,\"errored\":false}", "{\"a\":{\"after\":1,\"b\":2,\"after\":3}}",
                "{\"a\":1,\"\\u0061\":2}", manyKeys.replace("\"key39\"", "\"key7\""), manyKeys.replace("\"key8\"", "\"key2\""),
                // names of 16 bytes and more (two words, and hashed byte by byte), the second written with an escape
                "{\"sixteen_bytes_ab\":1,\"sixteen_bytes_a\\u0062\":2}",
                "{\"a_name_of_more_than_sixteen_bytes\":1,\"a_name_of_more_than_sixteen_byte\\u0073\":2}")) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            assertThat(tokens(new ByteJsonParser(trickle(bytes, 3)))).as(json).endsWith("(unsupported)");
            assertThatThrownBy(() -> jacksonTokens(bytes)).as(json).isInstanceOf(JsonParseException.class)
                    .hasMessageStartingWith("Duplicate field");
            // a value skipped unread is checked all the same
            try (ByteJsonParser skipping = new ByteJsonParser(new ByteArrayInputStream(("{\"v\":" + json + "}").getBytes(
                    StandardCharsets.UTF_8)))) {
                skipping.nextToken();
                skipping.nextToken();
                skipping.nextToken();
                assertThatThrownBy(skipping::skipChildren).as(json).isInstanceOf(ByteJsonUnsupported.class);
            }
        }
        // the same name in sibling and nested objects is no duplicate
        for (String json : List.of("{\"a\":{\"a\":1},\"b\":{\"a\":2},\"c\":[{\"a\":1},{\"a\":2}]}", manyKeys)) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            assertThat(tokens(new ByteJsonParser(trickle(bytes, 3)))).as(json).isEqualTo(jacksonTokens(bytes))
                    .doesNotContain("(unsupported)");
        }
    }

    @Test
    void randomJsonGivesJacksonsTokensAtAnyBufferEdge() {
        Tries.check(300, gen -> {
            byte[] json = ("{\"v\":" + render(gen, tree(gen, 0)) + "}").getBytes(StandardCharsets.UTF_8);
            assertThat(tokens(new ByteJsonParser(trickle(json, gen.ints(1, 9))))).as(new String(json, StandardCharsets.UTF_8))
                    .isEqualTo(jacksonTokens(json));
        });
    }

    /** Names of every length around the table's words (7 to 17 bytes), more than the table holds, and non-ASCII ones. */
    @Test
    void fieldNamesOfAnyLengthGiveJacksonsNames() throws IOException {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < 3000; i++) {
            String name = "abcdefghijklmnopqrstuvwxyz\u00e90123456789".substring(0, i % 30) + "#" + i / 30;
            json.append(i == 0 ? "" : ",").append('"').append(name).append("\":").append(i % 7 == 0 ? "{\"" + name + "\":1}" : "1");
        }
        byte[] bytes = json.append('}').toString().getBytes(StandardCharsets.UTF_8);
        assertThat(tokens(new ByteJsonParser(trickle(bytes, 5)))).isEqualTo(jacksonTokens(bytes)).doesNotContain("(unsupported)");
        assertThat(tokens(new ByteJsonParser(new ByteArrayInputStream(bytes)))).isEqualTo(jacksonTokens(bytes));
    }

    /** Random before and after values give the same changed paths as Jackson's strings, whatever their escapes. */
    @Test
    void randomBeforeAndAfterGiveTheSamePathsAsTheJacksonRead() {
        Tries.check(300, gen -> {
            Map<String, Object> before = object(gen);
            Object after = gen.weighted(1, 3) == 0 ? object(gen) : mutated(gen, before);
            // a mask marks a whole attribute: its values are then compared whole, never walked
            String masks = ",\"after_unknown\":" + mask(gen) + ",\"before_sensitive\":" + mask(gen) + ",\"after_sensitive\":" + mask(gen);
            Path plan = plan(render(gen, before), (after instanceof Map ? render(gen, after) : render(gen, before)) + masks);
            assertSameRead(plan);
        });
    }

    /** Two random values compare the same way as bytes as they do as Jackson's strings, read apart or one against the other. */
    @Test
    void randomValuesCompareAsBytesAsTheyDoAsStrings() {
        Tries.check(500, gen -> {
            Object tree = tree(gen, 0);
            Object other = gen.bool() ? mutated(gen, tree) : tree(gen, 0);
            byte[] x = render(gen, tree).getBytes(StandardCharsets.UTF_8);
            byte[] y = render(gen, gen.weighted(1, 3) == 0 ? tree : other).getBytes(StandardCharsets.UTF_8);
            boolean asStrings = ValueDiff.same(read(x, false, null), read(y, false, null));
            boolean asBytes = ValueDiff.same(read(x, true, null), read(y, true, null));
            assertThat(asBytes).as(new String(x, StandardCharsets.UTF_8) + " / " + new String(y, StandardCharsets.UTF_8))
                    .isEqualTo(asStrings);
            Object stringsEarlier = read(x, false, null);
            Object bytesEarlier = read(x, true, null);
            assertThat(read(y, true, bytesEarlier) == bytesEarlier).isEqualTo(read(y, false, stringsEarlier) == stringsEarlier);
        });
    }

    /** The value read from {@code {"v": value}} (the byte parser reads objects only), with Jackson's parser or the bytes'. */
    private static Object read(final byte[] value, final boolean bytes, final Object earlier) throws IOException {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        json.write("{\"v\":".getBytes(StandardCharsets.UTF_8));
        json.write(value);
        json.write('}');
        try (JsonParser parser = bytes ? new ByteJsonParser(new ByteArrayInputStream(json.toByteArray()))
                : PlanJson.FACTORY.createParser(json.toByteArray())) {
            parser.nextToken();
            parser.nextToken();
            parser.nextToken();
            return CompactTree.readAgainst(parser, earlier);
        }
    }

    @Test
    void rawTextIsTheSameTextWhateverItsEscapes() {
        assertThat(RawText.same(bytes("A\\u00e9\\/"), bytes("\\u0041\u00e9/"))).isTrue();
        assertThat(RawText.same(bytes("a\\nb"), bytes("a\\u000Ab"))).isTrue();
        assertThat(RawText.same(bytes("a\\nb"), bytes("a\\\\nb"))).isFalse();
        assertThat(RawText.same(bytes("\\ud83d\\ude00"), bytes("\ud83d\ude00"))).isTrue();
        assertThat(RawText.same(bytes("ab"), bytes("abc"))).isFalse();
        assertThat(RawText.decode(bytes("x\\\"\\\\\\b\\f\\r\\t"), 0, 13)).isEqualTo("x\"\\\b\f\r\t");
    }

    private static byte[] bytes(final String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aLargeValueAcrossManyBuffersIsComparedAsItIs() throws IOException {
        String big = "{\"a\":[" + "\"" + "x".repeat(1 << 19) + "\"," + "{\"k\":1},".repeat(100_000) + "2]}";
        assertSameRead(plan(big, big));
        assertSameRead(plan(big, big.replace("2]}", "3]}")));
        assertSameRead(plan(big, big.replace("{\"k\":1},{", "{\"k\":1.0},{\"j\":")));
    }

    /** Bad input: each case stops the byte parser, and the read gives Jackson's outcome and reason. */
    @Test
    void badInputGivesJacksonsOutcome() throws IOException {
        String plan = Files.readString(Fixtures.terraform(BASE));
        int at = plan.indexOf("\"before\":") + "\"before\":".length();
        List<String> cases = List.of(
                plan.substring(0, plan.length() / 2), // truncated
                plan.substring(0, at) + "NaN" + plan.substring(at + 4),
                plan.substring(0, at) + "01," + plan.substring(at),
                plan.substring(0, at) + "\"a\u0001\"," + plan.substring(at),
                plan.substring(0, at) + "\"a\\x\"," + plan.substring(at),
                plan.substring(0, at) + "tru," + plan.substring(at),
                plan.substring(0, at) + "[1,]," + plan.substring(at),
                plan.substring(0, at) + "'a'," + plan.substring(at),
                plan.substring(0, at) + "/* c */" + plan.substring(at),
                plan.substring(0, at) + "[".repeat(500) + "]".repeat(500) + "," + plan.substring(at),
                plan.substring(0, at) + "9".repeat(5000) + "," + plan.substring(at),
                plan.substring(0, at) + "1e999999999999," + plan.substring(at),
                plan.strip() + " {}",
                plan.strip() + " x",
                "\uFEFF" + plan,
                "[" + plan + "]",
                "");
        for (String text : cases) {
            assertSameRead(Files.writeString(dir.resolve("bad.json"), text));
        }
        byte[] bytes = plan.getBytes(StandardCharsets.UTF_8);
        int quote = plan.indexOf("\"terraform_version\":\"") + "\"terraform_version\":\"".length();
        for (byte[] bad : List.of(new byte[] {(byte) 0xFF}, new byte[] {(byte) 0x80}, new byte[] {(byte) 0xC0, (byte) 0x80},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, new byte[] {(byte) 0xE2, (byte) 0x82},
                new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(bytes, 0, quote);
            out.write(bad);
            out.write(bytes, quote, bytes.length - quote);
            assertSameRead(Files.write(dir.resolve("utf8.json"), out.toByteArray()));
        }
        assertSameRead(Files.write(dir.resolve("utf16.json"), plan.getBytes(StandardCharsets.UTF_16LE)));
    }

    @Test
    void theByteParserStopsAtWhatJacksonMustDecide() throws IOException {
        for (String text : List.of("{\"a\":NaN}", "{\"a\":01}", "{\"a\":1}x", "{\"a\":\"\u0001\"}", "[1]", "{\"a\":1,}", "{\"a\"",
                "{\"a\":1e12345}",
                "{\"a\":" + "[".repeat(199) + "]".repeat(199) + "}")) {
            assertThat(tokens(new ByteJsonParser(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))))).as(text)
                    .last().isEqualTo("(unsupported)");
        }
        // and an earlier bytes-equal value is only ever a whole value: "12" is not the start of 123
        assertSameRead(plan("{\"a\":[12]}", "{\"a\":[123]}"));
        assertSameRead(plan("{\"a\":{\"b\":\"\\u0041\"}}", "{\"a\":{\"b\":\"A\"}}"));
    }

    /** A malformed change after good ones: the sink gets the good ones once, as from Jackson's read. */
    @Test
    void randomCorruptionGivesJacksonsOutcomeAndChanges() {
        Tries.check(200, gen -> {
            byte[] bytes = Files.readAllBytes(Fixtures.terraform(gen.of(BASE, "nested-update/plan.json", "lifecycle/4-destroy.plan.json")));
            int at = gen.ints(0, bytes.length - 1);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            switch (gen.ints(0, 2)) {
                case 0 -> out.write(bytes, 0, at);
                case 1 -> {
                    out.write(bytes, 0, at);
                    out.write(gen.bytes(3));
                    out.write(bytes, at + 1, bytes.length - at - 1);
                }
                default -> {
                    out.write(bytes, 0, at);
                    out.write(gen.of("NaN", "\\", "\"", ",", "}", "]", "{", "1", "-", "\u00e9", "\t").getBytes(StandardCharsets.UTF_8));
                    out.write(bytes, at, bytes.length - at);
                }
            }
            assertSameRead(Files.write(dir.resolve("corrupt.json"), out.toByteArray()));
        });
    }

    private void assertSameRead(final Path file) {
        List<Object> viaBytes = new ArrayList<>();
        List<Object> viaJackson = new ArrayList<>();
        ReadOutcome bytes = new TerraformPlanReader().read(file, sink(viaBytes));
        ReadOutcome jackson = new TerraformPlanReader().read(file, sink(viaJackson), PlanJson::open);
        assertThat(bytes).as(file.toString()).isEqualTo(jackson);
        assertThat(viaBytes).isEqualTo(viaJackson);
    }

    private static PlanSink sink(final List<Object> calls) {
        return new PlanSink() {
            @Override
            public void onChange(final Change change) {
                calls.add(change);
            }

            @Override
            public void onReplacePaths(final String address, final List<String> paths) {
                calls.add(address + " " + paths);
            }
        };
    }

    /** The project's genuine plan with its first resource change made an update from {@code before} to {@code after}. */
    private Path plan(final String before, final String after) {
        try {
            ObjectNode plan = (ObjectNode) PlanJson.MAPPER.readTree(Fixtures.terraform(BASE).toFile());
            ((ObjectNode) plan.withArray("resource_changes").get(0)).put("change", "@@change@@");
            String change = "{\"actions\":[\"update\"],\"before\":" + before + ",\"after\":" + after + "}";
            String text = PlanJson.MAPPER.writeValueAsString(plan).replace("\"@@change@@\"", change);
            return Files.writeString(dir.resolve("plan.json"), text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A number leaf: its spellings are one value (1 and 1.0 are the same number). */
    private record Num(List<String> spellings) {
    }

    private static final List<List<String>> NUMBERS = List.of(List.of("0", "-0", "0.0", "0e5"), List.of("1", "1.0", "1e0", "10e-1"),
            List.of("10", "1e1", "1E+1", "10.0"), List.of("-3.25", "-325e-2"), List.of("12345678901234567890", "1.234567890123456789e19"),
            List.of("2147483647"), List.of("-2147483649"), List.of("9223372036854775807"), List.of("1.00000000000000000001"));

    private static final List<String> KEYS = List.of("a", "b", "c", "id", "tags", "\u00e9t\u00e9", "x/y", "k\"q");

    /** A random value: a map, a list, a string, a {@link Num} or a literal (a Boolean, or "null"). */
    private static Object tree(final Gen gen, final int depth) {
        switch (gen.weighted(depth > 3 ? 0 : 2, depth > 3 ? 0 : 2, 4, 3, 2)) {
            case 0: {
                Map<String, Object> map = new LinkedHashMap<>();
                int size = gen.ints(0, 5);
                for (int i = 0; i < size; i++) {
                    map.put(gen.of(KEYS), tree(gen, depth + 1));
                }
                return map;
            }
            case 1:
                return gen.list(0, 4, () -> tree(gen, depth + 1));
            case 2:
                return gen.string(0, 8) + (gen.weighted(4, 1) == 1 ? new String(Character.toChars(0x1F600 + gen.ints(0, 50))) : "");
            case 3:
                return new Num(gen.of(NUMBERS));
            default:
                return gen.of(Boolean.TRUE, Boolean.FALSE, "null literal");
        }
    }

    private static Map<String, Object> object(final Gen gen) {
        Object tree = tree(gen, 0);
        while (!(tree instanceof Map)) {
            tree = tree(gen, 0);
        }
        @SuppressWarnings("unchecked") // tree() makes maps of String keys
        Map<String, Object> map = (Map<String, Object>) tree;
        return map;
    }

    /** The value with some of its parts replaced, dropped or added. */
    private static Object mutated(final Gen gen, final Object tree) {
        if (gen.weighted(6, 1) == 1) {
            return tree(gen, 2);
        }
        if (tree instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> {
                if (gen.weighted(8, 1) == 0) {
                    copy.put((String) k, mutated(gen, v));
                }
            });
            if (gen.weighted(6, 1) == 1) {
                copy.put(gen.of(KEYS), tree(gen, 2));
            }
            return copy;
        }
        if (tree instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(v -> copy.add(mutated(gen, v)));
            if (gen.weighted(6, 1) == 1) {
                copy.add(tree(gen, 2));
            }
            return copy;
        }
        return tree;
    }

    /** The value as JSON text: whitespace, escapes and number spellings at random. */
    private static String render(final Gen gen, final Object tree) {
        if (tree instanceof Map<?, ?> map) {
            StringBuilder json = new StringBuilder("{");
            map.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append(space(gen)).append(string(gen, (String) k))
                    .append(space(gen)).append(':').append(space(gen)).append(render(gen, v)));
            return json.append(space(gen)).append('}').toString();
        }
        if (tree instanceof List<?> list) {
            StringBuilder json = new StringBuilder("[");
            list.forEach(v -> json.append(json.length() > 1 ? "," : "").append(space(gen)).append(render(gen, v)));
            return json.append(space(gen)).append(']').toString();
        }
        if (tree instanceof Num number) {
            return gen.of(number.spellings());
        }
        if (tree instanceof Boolean b) {
            return b.toString();
        }
        if ("null literal".equals(tree)) {
            return "null";
        }
        return string(gen, (String) tree);
    }

    /** The text as a JSON string, each character raw or escaped at random (a lone surrogate always escaped). */
    private static String string(final Gen gen, final String text) {
        StringBuilder json = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1)) && gen.bool()) {
                json.append(c).append(text.charAt(++i)); // raw: four bytes of UTF-8
                continue;
            }
            boolean must = c < 0x20 || c == '"' || c == '\\' || Character.isSurrogate(c);
            if (must || gen.weighted(5, 1) == 1) {
                String named = switch (c) {
                    case '"' -> "\\\"";
                    case '\\' -> "\\\\";
                    case '\n' -> "\\n";
                    case '\t' -> "\\t";
                    case '/' -> "\\/";
                    default -> null;
                };
                json.append(named != null && gen.bool() ? named : String.format(gen.bool() ? "\\u%04x" : "\\u%04X", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.append('"').toString();
    }

    /** A mask: nothing, or a key or two marked whole. */
    private static String mask(final Gen gen) {
        List<String> marked = gen.list(0, 2, () -> string(gen, gen.of(KEYS)) + ":true");
        return "{" + String.join(",", marked) + "}";
    }

    private static String space(final Gen gen) {
        return gen.weighted(8, 1) == 0 ? "" : gen.of(" ", "\n", "\t ", "\r\n");
    }
}
