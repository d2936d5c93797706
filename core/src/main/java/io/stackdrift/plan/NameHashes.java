package io.stackdrift.plan;

import java.util.Arrays;

/**
 * The name hashes of one JSON object, so that the byte parser never reads past a name given twice (Jackson decides
 * then, and refuses it): open addressing, small until an object has many names.
 */
final class NameHashes {
    private static final int SMALL = 16;
    private long[] table = new long[SMALL];
    private int count;

    void clear() {
        if (count == 0) {
            return;
        }
        if (table.length > SMALL * 4) {
            table = new long[SMALL];
        } else {
            Arrays.fill(table, 0L);
        }
        count = 0;
    }

    /** False when the hash was there already. */
    boolean add(final long hash) {
        if ((count + 1) * 2 > table.length) {
            long[] old = table;
            table = new long[old.length * 2];
            count = 0;
            for (long held : old) {
                if (held != 0) {
                    add(held);
                }
            }
        }
        long h = hash == 0 ? 1 : hash;
        int mask = table.length - 1;
        int i = (int) (h ^ h >>> 32) & mask;
        while (table[i] != 0) {
            if (table[i] == h) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = h;
        count++;
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
