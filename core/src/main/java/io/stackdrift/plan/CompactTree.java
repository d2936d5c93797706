package io.stackdrift.plan;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A small value tree for the plan's before/after values and masks, cheaper than {@code JsonNode}: objects are
 * two arrays with their keys sorted (the order rows list paths in, and what Terraform writes), so a key union
 * is a merge and a lookup a binary search. A value is a {@link String} (or, read by the {@link ByteJsonParser}, the
 * string's undecoded bytes, a {@code byte[]} that {@link RawText} compares: one tree holds one kind), a {@link Num}, a {@link Boolean}, an
 * {@link Obj}, an {@link Arr}, or {@code null} for JSON null and for absent alike.
 * <p>
 * {@link #readAgainst} reads a value while comparing it with one read before (the plan's {@code after} with
 * its {@code before}): where a subtree turns out equal it returns the earlier subtree itself, so the diff
 * skips it by identity and the equal copy is never kept.
 */
final class CompactTree {
    private static final String[] NO_KEYS = {};
    private static final Object[] NO_VALUES = {};

    private CompactTree() {
    }

    /** A number: an integer as its JSON text, a decimal as its exact value; compared by value, so 1 equals 1.0. */
    static final class Num {
        final String text;
        private BigDecimal value;

        Num(final String text) {
            this.text = text;
        }

        Num(final BigDecimal value) {
            this.text = null;
            this.value = value;
        }

        BigDecimal value() {
            if (value == null) {
                value = new BigDecimal(text);
            }
            return value;
        }

        boolean sameValue(final Num other) {
            if (text != null && text.equals(other.text)) {
                return true;
            }
            return value().compareTo(other.value()) == 0;
        }
    }

    /**
     * Where a container read by the {@link ByteJsonParser} lies in the file, while its bytes are pinned: a later value
     * with the same bytes is the same value, skipped unread ({@link ByteJsonParser#skipSame}). Set once, after reading.
     */
    abstract static class Raw {
        long rawFrom = -1;
        int rawLength;

        final void raw(final long from, final long to) {
            if (to - from <= Integer.MAX_VALUE) {
                rawFrom = from;
                rawLength = (int) (to - from);
            }
        }

        /** Whether the parser stands at a copy of this value's bytes, and has skipped it. */
        final boolean skippedSame(final JsonParser parser) throws IOException {
            return rawFrom >= 0 && parser instanceof ByteJsonParser bytes && bytes.skipSame(rawFrom, rawLength);
        }
    }

    /** An object: keys strictly ascending, one value each (the last one when the file repeats a key). */
    static final class Obj extends Raw {
        final String[] keys;
        final Object[] values;

        Obj(final String[] keys, final Object[] values) {
            this.keys = keys;
            this.values = values;
        }

        int size() {
            return keys.length;
        }

        Object get(final String key) {
            int at = Arrays.binarySearch(keys, key);
            return at >= 0 ? values[at] : null;
        }
    }

    /** An array. */
    static final class Arr extends Raw {
        final Object[] items;

        Arr(final Object[] items) {
            this.items = items;
        }

        int size() {
            return items.length;
        }

        Object get(final int index) {
            return index >= 0 && index < items.length ? items[index] : null;
        }
    }

    /**
     * Reads a mask (after_unknown, before_sensitive, after_sensitive) keeping only what marks something: readers
     * ask a mask {@link #isTrue} of a step, so a {@code false} leaf, and an object or array with nothing true
     * inside, read as absent ({@code null}), and objects keep only their marking keys. Most of a mask is
     * {@code false}: nothing of it is stored.
     */
    static Object readMask(final JsonParser parser) throws IOException {
        return readMask(parser, new TreeShapes(), 0);
    }

    /** As {@link #readMask(JsonParser)}, its arrays sized from the masks read before at each level. */
    static Object readMask(final JsonParser parser, final TreeShapes shapes, final int level) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_TRUE) {
            return Boolean.TRUE;
        }
        if (token == JsonToken.START_OBJECT) {
            return readObject(parser, null, Kept.MARKS, shapes, level);
        }
        if (token == JsonToken.START_ARRAY) {
            // positions count in an array: its items stay where they are, unless none marks anything
            Object[] items = null;
            int size = 0;
            boolean marks = false;
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                Object item = readMask(parser, shapes, level + 1);
                marks |= item != null;
                if (items == null) {
                    items = new Object[Math.max(shapes.items(level), 1)];
                } else if (size == items.length) {
                    items = Arrays.copyOf(items, size * 2);
                }
                items[size++] = item;
            }
            shapes.items(level, size);
            return marks ? new Arr(size == items.length ? items : Arrays.copyOf(items, size)) : null;
        }
        parser.skipChildren();
        return null;
    }

    /**
     * Reads the value at the parser's current token; returns {@code earlier} itself when the value equals it
     * (by value: null equals absent, numbers by value), so equal subtrees are shared, not copied.
     */
    static Object readAgainst(final JsonParser parser, final Object earlier) throws IOException {
        return readAgainst(parser, earlier, new TreeShapes(), 0);
    }

    /** As {@link #readAgainst(JsonParser, Object)}, its arrays sized from the values read before at each level. */
    static Object readAgainst(final JsonParser parser, final Object earlier, final TreeShapes shapes, final int level)
            throws IOException {
        JsonToken token = parser.currentToken();
        if (token == null) {
            return null;
        }
        switch (token) {
            case START_OBJECT:
                if (earlier instanceof Obj o && o.skippedSame(parser)) {
                    return o;
                }
                return located(parser, earlier instanceof Obj o ? o : null, shapes, level);
            case START_ARRAY:
                if (earlier instanceof Arr a && a.skippedSame(parser)) {
                    return a;
                }
                return located(parser, earlier instanceof Arr a ? a : null, shapes, level);
            case VALUE_STRING:
                if (parser instanceof ByteJsonParser bytes) {
                    // the file's bytes, compared and kept as they are: no String for a value
                    return earlier instanceof byte[] raw && bytes.sameText(raw) ? raw : bytes.rawText();
                }
                if (earlier instanceof String s && sameText(parser, s)) {
                    return s;
                }
                return parser.getText();
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                // a decimal through the parser's own conversion, which also applies its number limits
                Num number = token == JsonToken.VALUE_NUMBER_INT ? new Num(parser.getText()) : new Num(parser.getDecimalValue());
                return earlier instanceof Num n && n.sameValue(number) ? n : number;
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                parser.skipChildren();
                return null;
        }
    }

    /** An object or array read against {@code earlier}; where the bytes are pinned, with its place in the file. */
    private static Raw located(final JsonParser parser, final Raw earlier, final TreeShapes shapes, final int level)
            throws IOException {
        ByteJsonParser bytes = parser instanceof ByteJsonParser b && b.pinned(b.tokenOffset()) ? b : null;
        long from = bytes == null ? -1 : bytes.tokenOffset();
        Raw read = parser.currentToken() == JsonToken.START_ARRAY
                ? readArray(parser, earlier instanceof Arr a ? a : null, shapes, level)
                : readObject(parser, earlier instanceof Obj o ? o : null, Kept.EVERY_VALUE, shapes, level);
        // a new tree's place (an earlier one returned keeps its own); only while the bytes from it on are still kept
        if (bytes != null && read != earlier && read.rawFrom < 0 && bytes.pinned(from)) {
            read.raw(from, bytes.offset());
        }
        return read;
    }

    private static boolean sameText(final JsonParser parser, final String earlier) throws IOException {
        int length = parser.getTextLength();
        if (length != earlier.length()) {
            return false;
        }
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        for (int i = 0; i < length; i++) {
            if (chars[offset + i] != earlier.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Which members of an object are kept: a value's, or a mask's (those that mark something, {@link #readMask}). */
    private enum Kept {
        EVERY_VALUE,
        MARKS
    }

    /** An object; of a mask ({@link Kept#MARKS}) {@code null} when no member marks anything. */
    private static Obj readObject(final JsonParser parser, final Obj earlier, final Kept kept, final TreeShapes shapes,
            final int level) throws IOException {
        // the keys are most likely those of the earlier object, else those of the last object read at this level: while
        // they follow that model no array of keys is made, and the values' array is sized from it (no growing, no trim)
        String[] model = earlier != null ? earlier.keys : shapes.keys(level);
        String[] keys = null;
        Object[] values = null;
        int size = 0;
        boolean ascending = true;
        // equal so far: the same keys in the same order, every value the earlier one itself; nothing is stored
        // until the first difference, and then the equal prefix is copied from the earlier object
        boolean shared = earlier != null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            Object earlierValue = null;
            boolean inStep = false;
            if (earlier != null) {
                inStep = size < earlier.keys.length && sameKey(earlier.keys[size], name);
                earlierValue = inStep ? earlier.values[size] : earlier.get(name);
            }
            Object value = kept == Kept.MARKS ? readMask(parser, shapes, level + 1)
                    : readAgainst(parser, earlierValue, shapes, level + 1);
            if (value == null && kept == Kept.MARKS) {
                continue;
            }
            if (shared && inStep && value == earlierValue) {
                size++;
                continue;
            }
            if (shared) {
                shared = false;
                values = Arrays.copyOf(earlier.values, Math.max(size + 1, earlier.keys.length));
            } else if (values == null) {
                values = new Object[model == null || model.length == 0 ? 8 : model.length];
            } else if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
                if (keys != null) {
                    keys = copyKeys(keys, size * 2);
                }
            }
            if (keys == null && (model == null || size >= model.length || !sameKey(model[size], name))) {
                // the first key off the model: from here on the keys are held, the model's prefix copied
                keys = new String[values.length];
                if (size > 0) {
                    System.arraycopy(model, 0, keys, 0, size);
                }
            }
            if (keys != null) {
                ascending &= size == 0 || keys[size - 1].compareTo(name) < 0;
                keys[size] = name;
            }
            values[size] = value;
            size++;
        }
        if (shared) {
            return size == earlier.keys.length ? earlier
                    : new Obj(copyKeys(earlier.keys, size), Arrays.copyOf(earlier.values, size));
        }
        if (values == null) {
            return kept == Kept.MARKS ? null : new Obj(NO_KEYS, NO_VALUES);
        }
        Obj read;
        if (keys == null) {
            // the model's keys, sorted already; the array itself when they are all of them (nothing writes to keys)
            read = new Obj(size == model.length ? model : copyKeys(model, size),
                    size == values.length ? values : Arrays.copyOf(values, size));
        } else if (!ascending) {
            read = sorted(keys, values, size);
        } else {
            read = new Obj(size == keys.length ? keys : copyKeys(keys, size),
                    size == values.length ? values : Arrays.copyOf(values, size));
        }
        shapes.keys(level, read.keys);
        return read;
    }

    /** Field names come from the parser's table (one String for the same bytes): most compare as the same object. */
    private static boolean sameKey(final String known, final String name) {
        return known.equals(name);
    }

    /**
     * {@code Arrays.copyOf} of a {@code String[]} makes the copy by reflection unless the JIT's second compiler
     * has taken over, which the launcher's C1-only runs never reach (4-5 % of a plan read in a profile).
     */
    private static String[] copyKeys(final String[] keys, final int length) {
        String[] copy = new String[length];
        System.arraycopy(keys, 0, copy, 0, Math.min(keys.length, length));
        return copy;
    }

    private static Obj sorted(final String[] keys, final Object[] values, final int size) {
        TreeMap<String, Object> map = new TreeMap<>();
        for (int i = 0; i < size; i++) {
            map.put(keys[i], values[i]);
        }
        String[] k = new String[map.size()];
        Object[] v = new Object[map.size()];
        int i = 0;
        for (Map.Entry<String, Object> entry : map.entrySet()) {
            k[i] = entry.getKey();
            v[i] = entry.getValue();
            i++;
        }
        return new Obj(k, v);
    }

    private static Arr readArray(final JsonParser parser, final Arr earlier, final TreeShapes shapes, final int level)
            throws IOException {
        Object[] items = null;
        int size = 0;
        // as for objects: nothing is stored while every item is the earlier one itself
        boolean shared = earlier != null;
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            Object earlierItem = earlier == null ? null : earlier.get(size);
            Object item = readAgainst(parser, earlierItem, shapes, level + 1);
            if (shared && size < earlier.items.length && item == earlierItem) {
                size++;
                continue;
            }
            if (shared) {
                shared = false;
                items = Arrays.copyOf(earlier.items, Math.max(size + 1, earlier.items.length));
            } else if (items == null) {
                // sized as the last array read at this level
                items = new Object[Math.max(shapes.items(level), 1)];
            } else if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = item;
        }
        if (shared) {
            return size == earlier.items.length ? earlier : new Arr(Arrays.copyOf(earlier.items, size));
        }
        shapes.items(level, size);
        if (items == null) {
            return new Arr(NO_VALUES);
        }
        return new Arr(size == items.length ? items : Arrays.copyOf(items, size));
    }

    /** The same tree from a {@code JsonNode} (tests and callers that hold one). */
    static Object of(final JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isObject()) {
            TreeMap<String, Object> map = new TreeMap<>();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                map.put(field.getKey(), of(field.getValue()));
            }
            return new Obj(map.keySet().toArray(String[]::new), map.values().toArray());
        }
        if (node.isArray()) {
            Object[] items = new Object[node.size()];
            for (int i = 0; i < items.length; i++) {
                items[i] = of(node.get(i));
            }
            return new Arr(items);
        }
        if (node.isNumber()) {
            return node.isIntegralNumber() ? new Num(node.asText()) : new Num(node.decimalValue());
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return node.asText();
    }

    static Object child(final Object node, final String key) {
        return node instanceof Obj o ? o.get(key) : null;
    }

    static Object child(final Object node, final int index) {
        return node instanceof Arr a ? a.get(index) : null;
    }

    static boolean isTrue(final Object node) {
        return Boolean.TRUE.equals(node);
    }
}
