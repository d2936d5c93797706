package io.stackdrift.plan;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.stackdrift.plan.CompactTree.Arr;
import io.stackdrift.plan.CompactTree.Num;
import io.stackdrift.plan.CompactTree.Obj;
import io.stackdrift.plan.CompactTree.Raw;

/**
 * A change's first value (of {@code before} and {@code after}, whichever the file holds first) kept as its bytes,
 * checked but not built ({@link ByteJsonParser#keptValue}): most of it the second value shares, and a shared part is
 * never walked. Its objects and arrays become trees one level at a time, where the second value differs or the diff
 * looks inside; a member that is an object or array stays kept until then.
 * <p>
 * The bytes were checked as reading them would check them (strict JSON, UTF-8, limits), so reading them here checks
 * nothing again and cannot fail; the trees are those {@link CompactTree#readAgainst} would have built from them.
 */
final class LazyValue {
    private final byte[] bytes;
    private final long fileOffset;
    private final FieldNames names;

    private LazyValue(final byte[] bytes, final long fileOffset, final FieldNames names) {
        this.bytes = bytes;
        this.fileOffset = fileOffset;
        this.names = names;
    }

    /** The object or array whose bytes are {@code bytes}, found at {@code fileOffset} in the file. */
    static Raw of(final byte[] bytes, final long fileOffset, final FieldNames names) {
        return new LazyValue(bytes, fileOffset, names).container(0, bytes.length);
    }

    private Raw container(final int from, final int to) {
        return bytes[from] == '{' ? new Obj(this, from, to) : new Arr(this, from, to);
    }

    /** The file offset of the byte at {@code at}. */
    long fileOffset(final int at) {
        return fileOffset + at;
    }

    /** The object at {@code from}, its members read. */
    Obj object(final int from) {
        String[] keys = new String[8];
        Object[] values = new Object[8];
        int size = 0;
        boolean ascending = true;
        int i = space(from + 1);
        while (bytes[i] != '}') {
            if (bytes[i] == ',') {
                i = space(i + 1);
            }
            int keyEnd = stringEnd(i + 1);
            String key = names.name(bytes, i + 1, keyEnd, RawText.hasEscape(bytes, i + 1, keyEnd));
            i = space(space(keyEnd + 1) + 1); // past the colon
            int end = valueEnd(i);
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            ascending &= size == 0 || keys[size - 1].compareTo(key) < 0;
            keys[size] = key;
            values[size] = value(i, end);
            size++;
            i = space(end);
        }
        return CompactTree.object(keys, values, size, ascending);
    }

    /** The array at {@code from}, its items read. */
    Object[] items(final int from) {
        Object[] items = new Object[8];
        int size = 0;
        int i = space(from + 1);
        while (bytes[i] != ']') {
            if (bytes[i] == ',') {
                i = space(i + 1);
            }
            int end = valueEnd(i);
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = value(i, end);
            i = space(end);
        }
        return Arrays.copyOf(items, size);
    }

    /** The value in [{@code from}, {@code to}) as {@link CompactTree#readAgainst} reads it from the parser. */
    private Object value(final int from, final int to) {
        switch (bytes[from]) {
            case '{', '[' -> {
                return container(from, to);
            }
            case '"' -> {
                return Arrays.copyOfRange(bytes, from + 1, to - 1);
            }
            case 't' -> {
                return Boolean.TRUE;
            }
            case 'f' -> {
                return Boolean.FALSE;
            }
            case 'n' -> {
                return null;
            }
            default -> {
                String text = new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
                boolean decimal = false;
                for (int i = from; i < to; i++) {
                    decimal |= bytes[i] == '.' || bytes[i] == 'e' || bytes[i] == 'E';
                }
                return decimal ? new Num(new BigDecimal(text)) : new Num(text);
            }
        }
    }

    /** The offset after the value that starts at {@code from}. */
    private int valueEnd(final int from) {
        switch (bytes[from]) {
            case '{', '[' -> {
                return containerEnd(from);
            }
            case '"' -> {
                return stringEnd(from + 1) + 1;
            }
            case 't', 'n' -> {
                return from + 4;
            }
            case 'f' -> {
                return from + 5;
            }
            default -> {
                int i = from;
                while (i < bytes.length && isNumberByte(bytes[i])) {
                    i++;
                }
                return i;
            }
        }
    }

    private static boolean isNumberByte(final byte b) {
        return b >= '0' && b <= '9' || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E';
    }

    private int containerEnd(final int from) {
        int depth = 0;
        int i = from;
        while (true) {
            byte b = bytes[i++];
            if (b == '"') {
                i = stringEnd(i) + 1;
            } else if (b == '{' || b == '[') {
                depth++;
            } else if ((b == '}' || b == ']') && --depth == 0) {
                return i;
            }
        }
    }

    /** The offset of the quote that closes the string whose content starts at {@code from}. */
    private int stringEnd(final int from) {
        int i = from;
        while (bytes[i] != '"') {
            i += bytes[i] == '\\' ? 2 : 1;
        }
        return i;
    }

    private int space(final int from) {
        int i = from;
        while (i < bytes.length && (bytes[i] == ' ' || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t')) {
            i++;
        }
        return i;
    }
}
