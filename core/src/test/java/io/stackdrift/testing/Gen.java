package io.stackdrift.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The values of one try of a property, all drawn from one seeded {@link Random}, so the same seed gives the same
 * values. Ranges are inclusive. Bounds, zero and empty come up more often than chance would have them, because
 * that is where the mistakes live.
 */
public final class Gen {
    /** Characters that tend to break parsers and encoders. */
    private static final String AWKWARD = "\n\r\t \"'\\/:.~[]{}$#&*!%\u0000\u007f\u00a0\u00e9\u20ac\u2028\u2029\ufeff\ufffd";

    private final Random random;

    Gen(final long seed) {
        this.random = new Random(seed);
    }

    /** The generator itself, for code that wants a plain {@link Random} (shuffles, one-off picks). */
    public Random random() {
        return random;
    }

    /** An int in {@code [min, max]}, the bounds and zero more often. */
    public int ints(final int min, final int max) {
        return (int) longs(min, max);
    }

    /** A long in {@code [min, max]}, the bounds and zero more often. */
    public long longs(final long min, final long max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        switch (random.nextInt(20)) {
            case 0:
                return min;
            case 1:
                return max;
            case 2:
                if (min <= 0 && max >= 0) {
                    return 0;
                }
                break;
            default:
                break;
        }
        long span = max - min + 1;
        if (span > 0) {
            return min + random.nextLong(span);
        }
        // the range holds more than half of all longs: drawing until one falls inside is quick
        long value;
        do {
            value = random.nextLong();
        } while (value < min || value > max);
        return value;
    }

    /** Any long, the extremes and zero more often. */
    public long anyLong() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** Any double, NaN, the infinities, the extremes and both zeros included. */
    public double anyDouble() {
        switch (random.nextInt(16)) {
            case 0:
                return Double.NaN;
            case 1:
                return random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 2:
                return random.nextBoolean() ? Double.MAX_VALUE : -Double.MAX_VALUE;
            case 3:
                return random.nextBoolean() ? 0.0 : -0.0;
            case 4:
                return random.nextBoolean() ? Double.MIN_VALUE : -Double.MIN_VALUE;
            case 5:
                return Double.longBitsToDouble(random.nextLong());
            default:
                return (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(12));
        }
    }

    /** A double in {@code [min, max]}. */
    public double doubles(final double min, final double max) {
        switch (random.nextInt(20)) {
            case 0:
                return min;
            case 1:
                return max;
            default:
                return min + random.nextDouble() * (max - min);
        }
    }

    /** true or false. */
    public boolean bool() {
        return random.nextBoolean();
    }

    /** One of the values, each as likely. */
    @SafeVarargs
    public final <T> T of(final T... values) {
        return values[random.nextInt(values.length)];
    }

    /** One of the values, each as likely. */
    public <T> T of(final List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** One constant of the enum. */
    public <E extends Enum<E>> E of(final Class<E> type) {
        return of(type.getEnumConstants());
    }

    /** An index into {@code weights}, each as likely as its weight says. */
    public int weighted(final int... weights) {
        int total = 0;
        for (int weight : weights) {
            total += weight;
        }
        int pick = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            pick -= weights[i];
            if (pick < 0) {
                return i;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** Any char of the basic plane, lone surrogates and control characters included; ASCII and awkward ones more often. */
    public char anyChar() {
        switch (weighted(10, 3, 3, 4)) {
            case 0:
                return (char) (' ' + random.nextInt('~' - ' ' + 1));
            case 1:
                return AWKWARD.charAt(random.nextInt(AWKWARD.length()));
            case 2:
                return (char) random.nextInt(0x20);
            default:
                return (char) random.nextInt(0x10000);
        }
    }

    /** A char in {@code [from, to]} or one of {@code extra}. */
    public char chars(final char from, final char to, final String extra) {
        int span = to - from + 1;
        int pick = random.nextInt(span + extra.length());
        return pick < span ? (char) (from + pick) : extra.charAt(pick - span);
    }

    /** A string of any chars, of a length in {@code [minLength, maxLength]}. */
    public String string(final int minLength, final int maxLength) {
        return string(minLength, maxLength, this::anyChar);
    }

    /** A string of the given chars, of a length in {@code [minLength, maxLength]}. */
    public String string(final int minLength, final int maxLength, final Supplier<Character> chars) {
        int length = ints(minLength, maxLength);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(chars.get().charValue());
        }
        return text.toString();
    }

    /** Bytes of any value, of a length in {@code [0, maxLength]}. */
    public byte[] bytes(final int maxLength) {
        byte[] bytes = new byte[ints(0, maxLength)];
        random.nextBytes(bytes);
        return bytes;
    }

    /** A list of a size in {@code [minSize, maxSize]}. */
    public <T> List<T> list(final int minSize, final int maxSize, final Supplier<T> element) {
        int size = ints(minSize, maxSize);
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(element.get());
        }
        return list;
    }

    /** A set of at most {@code maxSize} elements (fewer when draws repeat). */
    public <T> Set<T> set(final int maxSize, final Supplier<T> element) {
        Set<T> set = new LinkedHashSet<>();
        int draws = ints(0, maxSize);
        for (int i = 0; i < draws; i++) {
            set.add(element.get());
        }
        return set;
    }

    /** A map of at most {@code maxSize} entries (fewer when keys repeat). */
    public <K, V> Map<K, V> map(final int maxSize, final Supplier<K> key, final Supplier<V> value) {
        Map<K, V> map = new LinkedHashMap<>();
        int draws = ints(0, maxSize);
        for (int i = 0; i < draws; i++) {
            map.put(key.get(), value.get());
        }
        return map;
    }

    /** The first value that passes {@code test}; gives up after 1000 draws, since a filter that rare is a bug. */
    public <T> T where(final Supplier<T> value, final Predicate<T> test) {
        for (int i = 0; i < 1000; i++) {
            T candidate = value.get();
            if (test.test(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no value passed the filter in 1000 draws");
    }
}
