package io.stackdrift.plan;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import com.fasterxml.jackson.core.JsonToken;

/**
 * A JSON tokenizer over the file's bytes for the Terraform plan reader, cheaper than jackson-core's where a plan's
 * time goes: field names come from a small table of their bytes (no {@code String} each), strings are found and
 * checked but decoded only when asked, and {@link #rawText}/{@link #sameText} let the plan's values be kept and
 * compared as bytes ({@link RawText}).
 * <p>
 * It reads a subset of what Jackson reads, never more: one strict JSON object (RFC 8259, strict UTF-8 with no
 * overlong forms or surrogates, no name twice in one object, nesting and numbers well inside {@link PlanJson}'s limits,
 * no token over 4 MiB). At
 * anything else (a syntax error, a truncated file, a byte order mark, content after the object, a value Jackson's
 * limits might refuse) it throws {@link ByteJsonUnsupported}, and the caller reads the file again with Jackson, which gives
 * its exact outcome and failure reason ({@link JsonPlanReader}). So this parser has no error messages of its own.
 */
final class ByteJsonParser extends ByteJsonBase {
    /** Stricter than {@link PlanJson#MAX_DEPTH} and {@link PlanJson#MAX_NUMBER_LENGTH}. */
    static final int MAX_DEPTH = PlanJson.MAX_DEPTH - 1;
    private static final int MAX_NUMBER_LENGTH = 100;

    /** Per depth: an object (else an array), and whether a member or item has been read. */
    private final boolean[] object = new boolean[MAX_DEPTH + 2];
    private final boolean[] more = new boolean[MAX_DEPTH + 2];
    private int depth;
    /** Per depth: the hashes of the names of the object read there, so that a name twice is never read past. */
    private final NameHashes[] seen = new NameHashes[MAX_DEPTH + 2];
    private boolean rootRead;
    /** The field names seen, as their bytes → the one String for them. */
    private final FieldNames names = new FieldNames();

    ByteJsonParser(final InputStream in) {
        super(in);
        for (int i = 0; i < seen.length; i++) {
            seen[i] = new NameHashes();
        }
    }

    @Override
    public JsonToken nextToken() throws IOException {
        _currToken = token(true);
        return _currToken;
    }

    /** The next token; a field name's String only when {@code readNames} (a skipped value's names are checked, not read). */
    private JsonToken token(final boolean readNames) throws IOException {
        int c = next();
        if (_currToken == JsonToken.FIELD_NAME) {
            return value(c);
        }
        if (depth == 0) {
            if (rootRead || c != '{') {
                // after the object: Jackson reads the rest, to its end or to what follows
                if (rootRead && c < 0) {
                    return null;
                }
                throw new ByteJsonUnsupported();
            }
            rootRead = true;
            return value(c);
        }
        boolean isObject = object[depth];
        if (c == (isObject ? '}' : ']')) {
            pos++;
            depth--;
            return isObject ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
        }
        if (more[depth]) {
            if (c != ',') {
                throw new ByteJsonUnsupported();
            }
            pos++;
            c = next();
        }
        if (!isObject) {
            return value(c);
        }
        if (c != '"') {
            throw new ByteJsonUnsupported();
        }
        pos++;
        string();
        int colon = pos < end ? buf[pos] : skipWhitespaceKeeping();
        if (colon != ':') {
            colon = skipWhitespaceKeeping();
        }
        if (colon != ':' || tokEnd - tokStart > 50_000) {
            throw new ByteJsonUnsupported();
        }
        long hash = names.hash(buf, tokStart, tokEnd, escaped);
        if (!seen[depth].add(hash)) {
            // a name twice in one object (or two names of one hash): Jackson decides, and refuses a duplicate
            throw new ByteJsonUnsupported();
        }
        pos++;
        name = readNames ? names.string(buf, tokStart, tokEnd, hash) : null;
        return JsonToken.FIELD_NAME;
    }

    /** The next byte that is not whitespace, not consumed; -1 at the end of the file. */
    private int next() throws IOException {
        if (pos < end) {
            int b = buf[pos];
            if (b > ' ') {
                tokStart = pos;
                return b & 0xFF;
            }
        }
        return skipWhitespace();
    }

    /** The value starting with byte {@code c}; strings and numbers are found, not decoded. */
    private JsonToken value(final int c) throws IOException {
        more[depth] = true;
        switch (c) {
            case '{', '[' -> {
                if (depth == MAX_DEPTH) {
                    throw new ByteJsonUnsupported();
                }
                pos++;
                depth++;
                object[depth] = c == '{';
                more[depth] = false;
                if (c == '{') {
                    seen[depth].clear();
                }
                return c == '{' ? JsonToken.START_OBJECT : JsonToken.START_ARRAY;
            }
            case '"' -> {
                pos++;
                string();
                return JsonToken.VALUE_STRING;
            }
            case 't' -> {
                literal(TRUE);
                return JsonToken.VALUE_TRUE;
            }
            case 'f' -> {
                literal(FALSE);
                return JsonToken.VALUE_FALSE;
            }
            case 'n' -> {
                literal(NULL);
                return JsonToken.VALUE_NULL;
            }
            default -> {
                if (c == '-' || c >= '0' && c <= '9') {
                    return number();
                }
                throw new ByteJsonUnsupported();
            }
        }
    }

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    /** Finds the end of the string whose content starts at {@link #pos}; checks every escape and UTF-8 sequence. */
    private void string() throws IOException {
        tokStart = pos;
        escaped = false;
        while (true) {
            byte[] b = buf;
            int p = pos;
            int e = end;
            int kind = 0;
            while (p < e) {
                kind = StringBytes.IN_STRING[b[p] & 0xFF];
                if (kind != 0) {
                    break;
                }
                p++;
            }
            pos = p;
            if (p == e) {
                if (!fill()) {
                    throw new ByteJsonUnsupported();
                }
                continue;
            }
            if (kind == 1) {
                tokEnd = p;
                pos = p + 1;
                return;
            }
            // an escape or a multi-byte character: up to six bytes, at hand unless the file ends
            if (p + 6 > e) {
                ensure(6);
            }
            int lead = buf[pos] & 0xFF;
            switch (kind) {
                case 2 -> escape();
                case 4 -> utf8(1, 0x80, 0xBF);
                case 5 -> utf8(2, lead == 0xE0 ? 0xA0 : 0x80, lead == 0xED ? 0x9F : 0xBF);
                case 6 -> utf8(3, lead == 0xF0 ? 0x90 : 0x80, lead == 0xF4 ? 0x8F : 0xBF);
                default -> throw new ByteJsonUnsupported();
            }
            if (pos - tokStart > MAX_TOKEN) {
                throw new ByteJsonUnsupported();
            }
        }
    }

    /** The byte {@code i} after {@link #pos}, after {@link #ensure}; -1 past the file's end. */
    private int at(final int i) {
        return pos + i < end ? buf[pos + i] & 0xFF : -1;
    }

    private void escape() {
        escaped = true;
        switch (at(1)) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> pos += 2;
            case 'u' -> {
                for (int i = 2; i < 6; i++) {
                    if (Character.digit(at(i), 16) < 0) {
                        throw new ByteJsonUnsupported();
                    }
                }
                pos += 6;
            }
            default -> throw new ByteJsonUnsupported();
        }
    }

    /** A lead byte at {@link #pos} and its {@code continuations}, the first in [{@code low}, {@code high}]. */
    private void utf8(final int continuations, final int low, final int high) {
        int first = at(1);
        if (first < low || first > high) {
            throw new ByteJsonUnsupported();
        }
        for (int i = 2; i <= continuations; i++) {
            int next = at(i);
            if (next < 0x80 || next > 0xBF) {
                throw new ByteJsonUnsupported();
            }
        }
        pos += continuations + 1;
    }

    private void literal(final byte[] word) throws IOException {
        int length = word.length;
        if (pos + length >= end) {
            ensure(length + 1);
        }
        for (int i = 1; i < length; i++) {
            if (at(i) != word[i]) {
                throw new ByteJsonUnsupported();
            }
        }
        pos += length;
        delimiter(at(0));
    }

    /** What follows a literal or a number must end it: whitespace, a comma, a closing bracket or the file's end. */
    private static void delimiter(final int next) {
        if (next >= 0 && next != ' ' && next != '\n' && next != '\r' && next != '\t' && next != ',' && next != '}'
                && next != ']') {
            throw new ByteJsonUnsupported();
        }
    }

    /** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, at most {@link #MAX_NUMBER_LENGTH} long, short exponents only. */
    private JsonToken number() throws IOException {
        if (pos + MAX_NUMBER_LENGTH + 2 > end) {
            ensure(MAX_NUMBER_LENGTH + 2);
        }
        tokStart = pos;
        int i = 0;
        if (at(i) == '-') {
            i++;
        }
        int first = at(i);
        if (first == '0') {
            i++;
        } else if (first >= '1' && first <= '9') {
            i = digits(i);
        } else {
            throw new ByteJsonUnsupported();
        }
        boolean decimal = false;
        if (at(i) == '.') {
            decimal = true;
            i = digits(i + 1);
        }
        int e = at(i);
        if (e == 'e' || e == 'E') {
            decimal = true;
            i++;
            int sign = at(i);
            if (sign == '+' || sign == '-') {
                i++;
            }
            int exponentStart = i;
            i = digits(i);
            if (i - exponentStart > 4) {
                throw new ByteJsonUnsupported();
            }
        }
        if (i > MAX_NUMBER_LENGTH) {
            throw new ByteJsonUnsupported();
        }
        pos += i;
        tokEnd = pos;
        delimiter(at(0));
        return decimal ? JsonToken.VALUE_NUMBER_FLOAT : JsonToken.VALUE_NUMBER_INT;
    }

    /** At least one digit from {@code from}; the offset after the last. */
    private int digits(final int from) {
        int i = from;
        while (true) {
            int d = at(i);
            if (d < '0' || d > '9') {
                break;
            }
            i++;
            if (i > MAX_NUMBER_LENGTH) {
                throw new ByteJsonUnsupported();
            }
        }
        if (i == from) {
            throw new ByteJsonUnsupported();
        }
        return i;
    }

    /** The current string's content as the file holds it (a copy; {@link RawText}). */
    byte[] rawText() {
        return Arrays.copyOfRange(buf, tokStart, tokEnd);
    }

    /** Whether the current string holds the same text as {@code raw}, without copying or decoding it when it does. */
    boolean sameText(final byte[] raw) {
        if (Arrays.equals(raw, 0, raw.length, buf, tokStart, tokEnd)) {
            return true;
        }
        return (escaped || RawText.hasEscape(raw, 0, raw.length)) && RawText.decode(buf, tokStart, tokEnd).equals(
                RawText.decode(raw, 0, raw.length));
    }

    /**
     * At a {@code START_OBJECT} or {@code START_ARRAY}: when the value's bytes are those at the file offsets
     * [{@code from}, {@code from + length}) (an earlier value, whose bytes are {@link #pin pinned}), skips it unread and
     * returns true; the current token is then its end. The same bytes are the same value; bytes that differ may
     * still be an equal value, which the caller then reads.
     */
    boolean skipSame(final long from, final int length) throws IOException {
        if (!pinned(from)) {
            return false;
        }
        while (end - tokStart < length) {
            if (!fill() || !pinned(from)) {
                return false;
            }
        }
        int earlier = (int) (from - bufAbs);
        if (!Arrays.equals(buf, earlier, earlier + length, buf, tokStart, tokStart + length)) {
            return false;
        }
        pos = tokStart + length;
        _currToken = object[depth] ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
        depth--;
        return true;
    }

    @Override
    public ByteJsonParser skipChildren() throws IOException {
        if (_currToken != JsonToken.START_OBJECT && _currToken != JsonToken.START_ARRAY) {
            return this;
        }
        int outside = depth - 1;
        while (depth > outside) {
            _currToken = token(false);
        }
        return this;
    }
}
