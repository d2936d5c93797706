package io.stackdrift.plan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The field names of one read, from their bytes: a name seen before is the same {@code String}, found without
 * making one. Shared by {@link ByteJsonParser} and the values it keeps as bytes ({@link LazyValue}), whose names are
 * the same few words. Not thread-safe: one read, one table.
 */
final class FieldNames {
    private static final int NAMES = 1024;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] nameFirst = new long[NAMES];
    private final long[] nameSecond = new long[NAMES];
    private final int[] nameLength = new int[NAMES];
    private final String[] nameStrings = new String[NAMES];
    private int namesHeld;

    /**
     * The text of the well-formed name content {@code bytes[from, to)}. A name of up to 16 bytes without an escape is
     * two words (the bytes past its end masked off), looked up and compared whole; a longer one is decoded each time.
     */
    String name(final byte[] bytes, final int from, final int to, final boolean escaped) {
        int length = to - from;
        if (escaped || length > 16 || from + 16 > bytes.length) {
            return RawText.decode(bytes, from, to);
        }
        long first = (long) WORDS.get(bytes, from);
        long second = (long) WORDS.get(bytes, from + 8);
        if (length < 8) {
            first &= (1L << (length << 3)) - 1;
            second = 0;
        } else if (length < 16) {
            second &= (1L << ((length - 8) << 3)) - 1;
        }
        long mix = (first * 0x9E3779B97F4A7C15L) ^ (second * 0xC2B2AE3D27D4EB4FL) ^ length;
        int slot = (int) (mix ^ mix >>> 29 ^ mix >>> 47) & (NAMES - 1);
        for (int probe = 0; probe < 4; probe++) {
            int at = (slot + probe) & (NAMES - 1);
            String held = nameStrings[at];
            if (held == null) {
                String text = new String(bytes, from, length, StandardCharsets.UTF_8);
                if (namesHeld < NAMES / 2) {
                    nameFirst[at] = first;
                    nameSecond[at] = second;
                    nameLength[at] = length;
                    nameStrings[at] = text;
                    namesHeld++;
                }
                return text;
            }
            if (nameFirst[at] == first && nameSecond[at] == second && nameLength[at] == length) {
                return held;
            }
        }
        return new String(bytes, from, length, StandardCharsets.UTF_8);
    }
}
