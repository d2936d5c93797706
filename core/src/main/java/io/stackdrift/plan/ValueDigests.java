package io.stackdrift.plan;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;

import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.model.ValueKey;

/**
 * The keyed digest of one change's values (before, after and what is not known until apply), in one canonical form:
 * object keys in order, numbers by value ({@code 1} and {@code 1.0} alike), text decoded, null and absent alike. The
 * values themselves, sensitive ones included, go into the HMAC only and are never kept.
 */
final class ValueDigests {
    private static final byte NULL = 0;
    private static final byte TRUE = 1;
    private static final byte FALSE = 2;
    private static final byte NUMBER = 3;
    private static final byte TEXT = 4;
    private static final byte OBJECT = 5;
    private static final byte ARRAY = 6;

    private ValueDigests() {
    }

    /** The digest of values read as {@link CompactTree}s (a resource change); empty without a key. */
    static String of(final ValueKey key, final Object before, final Object after, final Object afterUnknown) {
        if (key.isNone()) {
            return "";
        }
        Mac mac = key.mac();
        tree(mac, before);
        tree(mac, after);
        tree(mac, afterUnknown);
        return HexFormat.of().formatHex(mac.doFinal());
    }

    /** The digest of values read as JSON trees (an output change); {@code afterUnknown} counts only where it is true. */
    static String of(final ValueKey key, final JsonNode before, final JsonNode after, final JsonNode afterUnknown) {
        return of(key, CompactTree.of(before), CompactTree.of(after), mask(afterUnknown));
    }

    /** What {@link CompactTree#readMask} keeps of a mask: only what marks something. */
    private static Object mask(final JsonNode node) {
        if (node == null || node.isBoolean()) {
            return node != null && node.booleanValue() ? Boolean.TRUE : null;
        }
        if (node.isObject()) {
            Map<String, Object> kept = new TreeMap<>();
            node.properties().forEach(field -> {
                Object marked = mask(field.getValue());
                if (marked != null) {
                    kept.put(field.getKey(), marked);
                }
            });
            return kept.isEmpty() ? null : new CompactTree.Obj(kept.keySet().toArray(String[]::new), kept.values().toArray());
        }
        if (node.isArray()) {
            Object[] items = new Object[node.size()];
            boolean marks = false;
            for (int i = 0; i < items.length; i++) {
                items[i] = mask(node.get(i));
                marks |= items[i] != null;
            }
            return marks ? new CompactTree.Arr(items) : null;
        }
        return null;
    }

    private static void tree(final Mac mac, final Object node) {
        if (node == null) {
            mac.update(NULL);
        } else if (node instanceof Boolean b) {
            mac.update(b ? TRUE : FALSE);
        } else if (node instanceof CompactTree.Num n) {
            mac.update(NUMBER);
            text(mac, n.value().stripTrailingZeros().toString());
        } else if (node instanceof byte[] raw) {
            mac.update(TEXT);
            text(mac, RawText.decode(raw, 0, raw.length));
        } else if (node instanceof String s) {
            mac.update(TEXT);
            text(mac, s);
        } else if (node instanceof CompactTree.Obj o) {
            mac.update(OBJECT);
            length(mac, o.size());
            for (int i = 0; i < o.size(); i++) {
                text(mac, o.keys[i]);
                tree(mac, o.values[i]);
            }
        } else if (node instanceof CompactTree.Arr a) {
            mac.update(ARRAY);
            length(mac, a.size());
            for (Object item : a.items) {
                tree(mac, item);
            }
        } else {
            throw new IllegalArgumentException("not a value tree: " + node.getClass().getSimpleName());
        }
    }

    /** Length-prefixed, so no two different trees feed the same bytes. */
    private static void text(final Mac mac, final String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        length(mac, bytes.length);
        mac.update(bytes);
    }

    private static void length(final Mac mac, final int length) {
        mac.update((byte) (length >>> 24));
        mac.update((byte) (length >>> 16));
        mac.update((byte) (length >>> 8));
        mac.update((byte) length);
    }
}
