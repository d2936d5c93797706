package io.stackdrift.plan;

/** What each byte is inside a JSON string, for the byte parser: one table lookup per byte. */
final class StringBytes {
    /** Byte classes: 0 plain, 1 quote, 2 backslash, 3 refused, 4/5/6 lead byte of 2/3/4. */
    static final byte[] IN_STRING = new byte[256];

    static {
        for (int i = 0; i < 0x20; i++) {
            IN_STRING[i] = 3;
        }
        IN_STRING['"'] = 1;
        IN_STRING['\\'] = 2;
        for (int i = 0x80; i < 0x100; i++) {
            IN_STRING[i] = 3;
        }
        for (int i = 0xC2; i <= 0xDF; i++) {
            IN_STRING[i] = 4;
        }
        for (int i = 0xE0; i <= 0xEF; i++) {
            IN_STRING[i] = 5;
        }
        for (int i = 0xF0; i <= 0xF4; i++) {
            IN_STRING[i] = 6;
        }
    }

    private StringBytes() {
    }
}
