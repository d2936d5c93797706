package io.stackdrift.plan;

import java.util.Arrays;

/**
 * The name hashes of one JSON object, so that the byte parser never reads past a name given twice (Jackson decides
 * then, and refuses it): a short list searched in order, and past it a table with open addressing.
 */
final class NameHashes {
    /** Up to this many names, a list searched in order (most objects): no table to clear. */
    private static final int LISTED = 8;
    private static final int SMALL = 32;
    private final long[] listed = new long[LISTED];
    private long[] table;
    /** Whether the table holds this object's names (it has had more than {@link #LISTED}). */
    private boolean tabled;
    private int count;

    void clear() {
        if (tabled) {
            if (table.length > SMALL * 4) {
                table = new long[SMALL];
            } else {
                Arrays.fill(table, 0L);
            }
            tabled = false;
        }
        count = 0;
    }

    /** False when the hash was there already. */
    boolean add(final long hash) {
        long h = hash == 0 ? 1 : hash;
        if (count < LISTED) {
            for (int i = 0; i < count; i++) {
                if (listed[i] == h) {
                    return false;
                }
            }
            listed[count++] = h;
            return true;
        }
        if (!tabled) {
            tabled = true;
            if (table == null) {
                table = new long[SMALL];
            }
            for (long held : listed) {
                put(held);
            }
        }
        if (!put(h)) {
            return false;
        }
        count++;
        return true;
    }

    private boolean put(final long h) {
        if ((count + 1) * 2 > table.length) {
            long[] old = table;
            table = new long[old.length * 2];
            for (long held : old) {
                if (held != 0) {
                    put(held);
                }
            }
        }
        int mask = table.length - 1;
        int i = (int) (h ^ h >>> 32) & mask;
        while (table[i] != 0) {
            if (table[i] == h) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = h;
        return true;
    }

    /** A 64-bit FNV-1a hash of the bytes, mixed (two names of one hash only send the object to Jackson). */
    static long hash(final byte[] bytes, final int from, final int to) {
        long hash = 0xcbf29ce484222325L;
        for (int i = from; i < to; i++) {
            hash = (hash ^ (bytes[i] & 0xFF)) * 0x100000001b3L;
        }
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        return hash ^ hash >>> 33;
    }
}
