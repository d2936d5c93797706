package io.stackdrift.plan;

/**
 * The keys of the last object and the length of the last array read at each level of one kind of value (a plan's
 * values, or its masks): the next object or array there is most likely of the same shape, so its arrays are made
 * that size, and an object with the same keys shares their array. Only a hint: any shape reads right.
 */
final class TreeShapes {
    private static final int LEVELS = 32;
    private final String[][] keys = new String[LEVELS][];
    private final int[] items = new int[LEVELS];

    String[] keys(final int level) {
        return level < LEVELS ? keys[level] : null;
    }

    void keys(final int level, final String[] read) {
        if (level < LEVELS) {
            keys[level] = read;
        }
    }

    int items(final int level) {
        return level < LEVELS ? items[level] : 8;
    }

    void items(final int level, final int size) {
        if (level < LEVELS) {
            items[level] = size;
        }
    }
}
