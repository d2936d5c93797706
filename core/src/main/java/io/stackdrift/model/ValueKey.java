package io.stackdrift.model;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key of the keyed digests (HMAC-SHA256) a plan reader takes of each change's values, so an approval can pin the
 * planned values without anything that could give one back being stored: only a host that holds the key can make or
 * check such a digest. A Jenkins controller keeps one per job; {@link #NONE} (the CLI, reports) digests no value.
 * Never printed: {@link #toString()} names no byte of it.
 */
public final class ValueKey {
    /** No key: readers take no value digest, and a change's {@link Change#values()} stays empty. */
    public static final ValueKey NONE = new ValueKey(new byte[0]);
    private static final String ALGORITHM = "HmacSHA256";

    private final byte[] key;

    private ValueKey(final byte[] key) {
        this.key = key.clone();
    }

    /** @param key the secret bytes; empty gives {@link #NONE} */
    public static ValueKey of(final byte[] key) {
        return key == null || key.length == 0 ? NONE : new ValueKey(key);
    }

    public boolean isNone() {
        return key.length == 0;
    }

    /** A fresh HMAC-SHA256 under this key (a {@link Mac} is not thread-safe: one per digest). */
    public Mac mac() {
        if (isNone()) {
            throw new IllegalStateException("no value key: nothing is digested");
        }
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every Java runtime has " + ALGORITHM, e);
        }
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof ValueKey other && Arrays.equals(key, other.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    @Override
    public String toString() {
        return isNone() ? "ValueKey[none]" : "ValueKey[hidden]";
    }
}
