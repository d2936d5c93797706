package io.stackdrift.plan;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.core.base.ParserMinimalBase;

/**
 * What a Jackson parser must answer beyond its tokens, for {@link ByteJsonParser}: text as characters, numbers from
 * their text, the input's closing. No location is known (the byte parser never reports an error; Jackson does).
 */
abstract class ByteJsonBase extends ParserMinimalBase {
    private final InputStream in;
    private boolean closed;
    /** The current field name. */
    String name;
    /** Stricter than Jackson's maximum string length: a longer token is read by Jackson. */
    static final int MAX_TOKEN = 4 << 20;
    byte[] buf = new byte[1 << 18];
    int pos;
    int end;
    boolean eof;
    /** The current token's bytes: a string's content (no quotes), a number's text. */
    int tokStart;
    int tokEnd;
    boolean escaped;
    /** The file offset of {@code buf[0]}. */
    long bufAbs;
    /** A buffer index from which bytes are kept ({@link #pin}), or -1. */
    int pin = -1;
    /** The file offset of the pinned byte. */
    long pinAbs;
    /** How far the buffer may grow to keep pinned bytes; past it the pin is let go. */
    static final int MAX_PINNED = 16 << 20;

    ByteJsonBase(final InputStream in) {
        super(0, PlanJson.FACTORY.streamReadConstraints());
        this.in = in;
    }

    /** The next byte that is not whitespace, not consumed; -1 at the end of the file. */
    final int skipWhitespace() throws IOException {
        tokStart = pos;
        return skipWhitespaceKeeping();
    }

    /** As {@link #skipWhitespace}, keeping the token read before (a field name before its colon). */
    final int skipWhitespaceKeeping() throws IOException {
        while (true) {
            while (pos < end) {
                int b = buf[pos];
                if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                    return b & 0xFF;
                }
                pos++;
            }
            if (!fill()) {
                return -1;
            }
        }
    }

    /**
     * Reads more of the file, keeping the bytes from {@link #tokStart}; false at its end. The buffer moves: offsets
     * kept across a call are taken again from the fields.
     */
    final boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int keep = Math.min(tokStart, pos);
        if (pin >= 0) {
            if (pin == 0 && end == buf.length && buf.length >= MAX_PINNED) {
                pin = -1;
            } else {
                keep = Math.min(keep, pin);
            }
        }
        if (keep > 0) {
            System.arraycopy(buf, keep, buf, 0, end - keep);
            end -= keep;
            pos -= keep;
            tokStart -= keep;
            tokEnd -= keep;
            bufAbs += keep;
            if (pin >= 0) {
                pin -= keep;
            }
        } else if (end == buf.length) {
            if (buf.length >= (pin >= 0 ? MAX_PINNED : MAX_TOKEN)) {
                throw new ByteJsonUnsupported();
            }
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n = in.read(buf, end, buf.length - end);
        if (n < 0) {
            eof = true;
            return false;
        }
        end += n;
        return true;
    }

    /** At least {@code n} bytes from {@link #pos} in the buffer, unless the file ends first (which may move the token). */
    final void ensure(final int n) throws IOException {
        while (end - pos < n && fill()) {
            // filled
        }
    }

    /**
     * Keeps the bytes from the current token on (until {@link #unpin}, or until they would take more than
     * {@link #MAX_PINNED}), so that a value read later can be compared with them ({@link ByteJsonParser#skipSame}).
     */
    final void pin() {
        if (pin < 0) {
            pin = tokStart;
            pinAbs = bufAbs + tokStart;
        }
    }

    final void unpin() {
        pin = -1;
    }

    /** Whether bytes are kept from {@code from} on (a file offset). */
    final boolean pinned(final long from) {
        return pin >= 0 && from >= pinAbs;
    }

    /** The file offset of the current token's first byte. */
    final long tokenOffset() {
        return bufAbs + tokStart;
    }

    /** The file offset after the current token. */
    final long offset() {
        return bufAbs + pos;
    }

    /** The current token's text; reading it never fails (the token was checked when it was found). */
    @Override
    public String getText() {
        JsonToken token = _currToken;
        if (token == null) {
            return null;
        }
        return switch (token) {
            case FIELD_NAME -> name;
            case VALUE_STRING -> escaped ? RawText.decode(buf, tokStart, tokEnd)
                    : new String(buf, tokStart, tokEnd - tokStart, StandardCharsets.UTF_8);
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new String(buf, tokStart, tokEnd - tokStart, StandardCharsets.ISO_8859_1);
            default -> token.asString();
        };
    }

    @Override
    public char[] getTextCharacters() {
        String text = getText();
        return text == null ? null : text.toCharArray();
    }

    @Override
    public boolean hasTextCharacters() {
        return false;
    }

    @Override
    public int getTextLength() {
        String text = getText();
        return text == null ? 0 : text.length();
    }

    @Override
    public int getTextOffset() {
        return 0;
    }

    @Override
    @SuppressWarnings("deprecation") // Jackson 2's abstract method, which currentName() and the like call
    public String getCurrentName() {
        return name;
    }

    @Override
    public void overrideCurrentName(final String newName) {
        name = newName;
    }

    @Override
    public Number getNumberValue() {
        if (_currToken == JsonToken.VALUE_NUMBER_FLOAT) {
            return getDecimalValue();
        }
        return switch (getNumberType()) {
            case INT -> getIntValue();
            case LONG -> getLongValue();
            default -> getBigIntegerValue();
        };
    }

    @Override
    public NumberType getNumberType() {
        if (_currToken == JsonToken.VALUE_NUMBER_FLOAT) {
            return NumberType.BIG_DECIMAL;
        }
        if (_currToken != JsonToken.VALUE_NUMBER_INT) {
            return null;
        }
        BigInteger value = getBigIntegerValue();
        if (value.bitLength() < Integer.SIZE) {
            return NumberType.INT;
        }
        return value.bitLength() < Long.SIZE ? NumberType.LONG : NumberType.BIG_INTEGER;
    }

    private String numberText() {
        if (_currToken != JsonToken.VALUE_NUMBER_INT && _currToken != JsonToken.VALUE_NUMBER_FLOAT) {
            throw new ByteJsonUnsupported();
        }
        return getText();
    }

    @Override
    public int getIntValue() {
        return getBigIntegerValue().intValue();
    }

    @Override
    public long getLongValue() {
        return getBigIntegerValue().longValue();
    }

    @Override
    public BigInteger getBigIntegerValue() {
        return _currToken == JsonToken.VALUE_NUMBER_INT ? new BigInteger(numberText()) : getDecimalValue().toBigInteger();
    }

    @Override
    public float getFloatValue() {
        return Float.parseFloat(numberText());
    }

    @Override
    public double getDoubleValue() {
        return Double.parseDouble(numberText());
    }

    @Override
    public BigDecimal getDecimalValue() {
        return new BigDecimal(numberText());
    }

    @Override
    public byte[] getBinaryValue(final Base64Variant variant) {
        throw new ByteJsonUnsupported();
    }

    @Override
    protected void _handleEOF() {
        // the end of the file is checked where the root object ends
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            in.close();
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public JsonStreamContext getParsingContext() {
        throw new ByteJsonUnsupported();
    }

    /** No data binding over this parser: where it would be asked for, Jackson reads the file instead. */
    @Override
    public ObjectCodec getCodec() {
        throw new ByteJsonUnsupported();
    }

    @Override
    public void setCodec(final ObjectCodec newCodec) {
        throw new ByteJsonUnsupported();
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    @SuppressWarnings("deprecation") // Jackson 2's abstract method, which currentName() and the like call
    public JsonLocation getCurrentLocation() {
        return JsonLocation.NA;
    }

    @Override
    @SuppressWarnings("deprecation") // Jackson 2's abstract method, which currentName() and the like call
    public JsonLocation getTokenLocation() {
        return JsonLocation.NA;
    }
}
