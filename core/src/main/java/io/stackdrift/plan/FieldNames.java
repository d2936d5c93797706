package io.stackdrift.plan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The field names the {@link ByteJsonParser} has read, as their bytes → the one {@code String} for them: a plan repeats
 * a few hundred names millions of times. A name of up to 16 bytes is two little-endian words (the bytes past its end
 * masked off), hashed once for both the check that no name comes twice in an object and the lookup here; a longer or
 * escaped name is hashed byte by byte and decoded each time.
 */
final class FieldNames {
    private static final int SLOTS = 1024;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] firsts = new long[SLOTS];
    private final long[] seconds = new long[SLOTS];
    private final int[] lengths = new int[SLOTS];
    private final String[] strings = new String[SLOTS];
    private int held;
    /** The last name {@link #hash}ed as two words, when it was unescaped and at most 16 bytes long. */
    private long first;
    private long second;
    private boolean worded;

    /** The hash of the text of the name in {@code buf[start, end)} (an escaped name's decoded text, as Jackson reads it). */
    long hash(final byte[] buf, final int start, final int end, final boolean escaped) {
        byte[] bytes = buf;
        int from = start;
        int length = end - start;
        if (escaped) {
            bytes = RawText.decode(buf, start, end).getBytes(StandardCharsets.UTF_8);
            from = 0;
            length = bytes.length;
        }
        worded = false;
        if (length > 16) {
            return NameHashes.hash(bytes, from, from + length);
        }
        if (from + 16 > bytes.length) {
            // too near the array's end to read two words: the same words from a copy
            bytes = Arrays.copyOfRange(bytes, from, from + 16);
            from = 0;
        }
        long a = (long) WORDS.get(bytes, from);
        long b = (long) WORDS.get(bytes, from + 8);
        if (length < 8) {
            a &= (1L << (length << 3)) - 1;
            b = 0;
        } else if (length < 16) {
            b &= (1L << ((length - 8) << 3)) - 1;
        }
        first = a;
        second = b;
        worded = !escaped;
        return (a * 0x9E3779B97F4A7C15L) ^ (b * 0xC2B2AE3D27D4EB4FL) ^ length;
    }

    /** The String of the name last given to {@link #hash} (the same bytes and that call's result). */
    String string(final byte[] buf, final int from, final int to, final long hash) {
        int length = to - from;
        if (!worded) {
            return RawText.decode(buf, from, to);
        }
        int slot = (int) (hash ^ hash >>> 29 ^ hash >>> 47) & (SLOTS - 1);
        for (int probe = 0; probe < 4; probe++) {
            int at = (slot + probe) & (SLOTS - 1);
            String known = strings[at];
            if (known == null) {
                String text = new String(buf, from, length, StandardCharsets.UTF_8);
                if (held < SLOTS / 2) {
                    firsts[at] = first;
                    seconds[at] = second;
                    lengths[at] = length;
                    strings[at] = text;
                    held++;
                }
                return text;
            }
            if (firsts[at] == first && seconds[at] == second && lengths[at] == length) {
                return known;
            }
        }
        return new String(buf, from, length, StandardCharsets.UTF_8);
    }
}
