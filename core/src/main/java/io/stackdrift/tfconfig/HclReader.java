package io.stackdrift.tfconfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.stackdrift.tfconfig.HclBody.Attribute;
import io.stackdrift.tfconfig.HclBody.Block;

/**
 * A small, strict reader of HCL native syntax (a {@code *.tf} file) for what a static reading needs: blocks with their
 * labels, arguments, string literals and object constructors. Every other expression (references, function calls,
 * numbers, lists, {@code for} expressions, templates, heredocs) is skipped whole, brackets and strings balanced, and
 * read as {@link HclValue.Expression#UNKNOWN}. A file whose structure is broken (a block or string not closed, a stray
 * bracket, something that is neither an argument nor a block) is an {@link HclSyntaxException} with line and column.
 */
public final class HclReader {
    /** How deep blocks, brackets and interpolations may nest: far beyond any configuration, well within the stack. */
    public static final int MAX_DEPTH = 200;

    private final String text;
    private final int[] lineStarts;
    private int pos;
    private int depth;

    private HclReader(final String text) {
        this.text = text.startsWith("\uFEFF") ? text.substring(1) : text;
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 0; i < this.text.length(); i++) {
            if (this.text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        this.lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The file's top-level body. */
    public static HclBody read(final String text) throws HclSyntaxException {
        return new HclReader(text).body(false);
    }

    private HclBody body(final boolean nested) throws HclSyntaxException {
        int opened = pos - 1;
        if (nested) {
            deeper(opened);
        }
        List<Attribute> attributes = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        while (true) {
            skipBlank(true);
            if (atEnd()) {
                if (nested) {
                    throw error(opened, "this block's `{` is never closed");
                }
                return new HclBody(attributes, blocks);
            }
            if (peek(0) == '}') {
                if (!nested) {
                    throw error(pos, "`}` closes no block");
                }
                pos++;
                depth--;
                return new HclBody(attributes, blocks);
            }
            int start = pos;
            String name = identifier();
            if (name.isEmpty()) {
                throw error(pos, "expected an argument or a block, found " + shown(pos));
            }
            skipBlank(false);
            if (peek(0) == '=' && peek(1) != '=') {
                pos++;
                skipBlank(false);
                attributes.add(new Attribute(name, expression(), lineOf(start)));
            } else {
                blocks.add(new Block(name, labels(name), bodyAfterBrace(), lineOf(start)));
            }
            endOfItem();
        }
    }

    private List<String> labels(final String type) throws HclSyntaxException {
        List<String> labels = new ArrayList<>();
        while (peek(0) != '{') {
            int at = pos;
            String label = peek(0) == '"' ? quoted().orElseThrow(() -> error(at, "a block label is a plain string, without `${`"))
                    : identifier();
            if (label.isEmpty()) {
                throw error(pos, "expected `=` or a block after `" + type + "`, found " + shown(pos));
            }
            labels.add(label);
            skipBlank(false);
        }
        return labels;
    }

    private HclBody bodyAfterBrace() throws HclSyntaxException {
        pos++;
        return body(true);
    }

    /** After an argument or a block: a new line, the end of the enclosing one-line block, or the end of the file. */
    private void endOfItem() throws HclSyntaxException {
        skipBlank(false);
        if (!atEnd() && peek(0) != '\n' && peek(0) != '}') {
            throw error(pos, "expected a new line, found " + shown(pos));
        }
    }

    /** An argument's value, up to (not including) the new line, comma or bracket that ends it. */
    private HclValue expression() throws HclSyntaxException {
        int start = pos;
        HclValue value = HclValue.Expression.UNKNOWN;
        if (peek(0) == '"') {
            value = quoted().<HclValue>map(HclValue.Text::new).orElse(HclValue.Expression.UNKNOWN);
        } else if (peek(0) == '{') {
            Optional<HclValue> object = object();
            if (object.isEmpty()) {
                pos = start;
            }
            value = object.orElse(HclValue.Expression.UNKNOWN);
        }
        skipBlank(false);
        if (atTerminator()) {
            return value;
        }
        skipRest();
        return HclValue.Expression.UNKNOWN;
    }

    /** An object constructor of names or plain strings as keys; empty (position anywhere) for anything else. */
    private Optional<HclValue> object() throws HclSyntaxException {
        deeper(pos);
        try {
            return entries();
        } finally {
            depth--;
        }
    }

    private Optional<HclValue> entries() throws HclSyntaxException {
        pos++;
        Map<String, HclValue> entries = new LinkedHashMap<>();
        while (true) {
            skipBlank(true);
            if (peek(0) == '}') {
                pos++;
                return Optional.of(new HclValue.ObjectValue(entries));
            }
            Optional<String> key = peek(0) == '"' ? quoted() : Optional.of(identifier()).filter(k -> !k.isEmpty());
            skipBlank(false);
            boolean assigns = peek(0) == '=' && peek(1) != '=' && peek(1) != '>' || peek(0) == ':';
            if (key.isEmpty() || !assigns) {
                return Optional.empty();
            }
            pos++;
            skipBlank(false);
            entries.put(key.get(), expression());
            skipBlank(false);
            if (peek(0) == ',') {
                pos++;
            }
        }
    }

    /** Skips the rest of an expression up to a new line, comma or closing bracket outside brackets. */
    private void skipRest() throws HclSyntaxException {
        while (!atTerminator()) {
            skipToken();
        }
    }

    /** Skips everything up to and including {@code close}, brackets, strings and heredocs inside balanced. */
    private void skipBalanced(final int opened, final char close) throws HclSyntaxException {
        deeper(opened);
        while (true) {
            skipBlank(true);
            if (atEnd()) {
                throw error(opened, "this `" + text.charAt(opened) + "` is never closed");
            }
            char c = peek(0);
            if (c == close) {
                pos++;
                depth--;
                return;
            }
            if (c == ')' || c == ']' || c == '}') {
                throw error(pos, "`" + c + "` where `" + close + "` closes the `" + text.charAt(opened) + "` of line " + lineOf(opened));
            }
            skipToken();
        }
    }

    private void skipToken() throws HclSyntaxException {
        char c = peek(0);
        int at = pos;
        if (c == '"') {
            quoted();
        } else if (c == '(' || c == '[' || c == '{') {
            pos++;
            skipBalanced(at, c == '(' ? ')' : c == '[' ? ']' : '}');
        } else if (c == '<' && peek(1) == '<' && heredoc()) {
            return;
        } else if (c == ')' || c == ']' || c == '}') {
            throw error(pos, "`" + c + "` closes nothing");
        } else {
            pos++;
            skipBlank(false);
        }
    }

    /**
     * A quoted string: its value when it is a plain string; empty when it has an interpolation (<code>${…}</code>) or a
     * directive (<code>%{…}</code>), which are skipped.
     */
    private Optional<String> quoted() throws HclSyntaxException {
        int opened = pos;
        pos++;
        StringBuilder value = new StringBuilder();
        boolean plain = true;
        while (true) {
            if (atEnd() || peek(0) == '\n') {
                throw error(opened, "this string is not closed on its line");
            }
            char c = peek(0);
            if (c == '"') {
                pos++;
                return plain ? Optional.of(value.toString()) : Optional.empty();
            }
            if (c == '\\') {
                value.append(escape());
            } else if ((c == '$' || c == '%') && peek(1) == c && peek(2) == '{') {
                value.append(c).append('{');
                pos += 3;
            } else if ((c == '$' || c == '%') && peek(1) == '{') {
                plain = false;
                int brace = pos + 1;
                pos += 2;
                skipBalanced(brace, '}');
            } else {
                value.append(c);
                pos++;
            }
        }
    }

    private String escape() throws HclSyntaxException {
        int at = pos;
        char c = peek(1);
        pos += 2;
        String simple = switch (c) {
            case 'n' -> "\n";
            case 'r' -> "\r";
            case 't' -> "\t";
            case '"' -> "\"";
            case '\\' -> "\\";
            default -> "";
        };
        if (!simple.isEmpty()) {
            return simple;
        }
        if (c != 'u' && c != 'U') {
            throw error(at, "`\\" + c + "` is no escape of a quoted string");
        }
        int digits = c == 'u' ? 4 : 8;
        String hex = pos + digits <= text.length() ? text.substring(pos, pos + digits) : "";
        if (hex.length() != digits || !hex.chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
            throw error(at, "`\\" + c + "` needs " + digits + " hexadecimal digits");
        }
        pos += digits;
        int code = Integer.parseInt(hex, 16);
        if (!Character.isValidCodePoint(code)) {
            throw error(at, "`\\" + c + hex + "` is no character");
        }
        return Character.toString(code);
    }

    /** A heredoc ({@code <<EOF} or {@code <<-EOF} to a line holding only EOF), skipped; false when this is no heredoc. */
    private boolean heredoc() throws HclSyntaxException {
        int opened = pos;
        int at = pos + 2 + (peek(2) == '-' ? 1 : 0);
        pos = at;
        String marker = identifier();
        if (marker.isEmpty() || peek(0) != '\n' && !(peek(0) == '\r' && peek(1) == '\n')) {
            pos = opened + 1;
            return false;
        }
        int line = lineOf(pos) + 1;
        while (line <= lineStarts.length) {
            int start = lineStarts[line - 1];
            int end = line < lineStarts.length ? lineStarts[line] - 1 : text.length();
            if (text.substring(start, end).strip().equals(marker)) {
                pos = end;
                return true;
            }
            line++;
        }
        throw error(opened, "this heredoc is never ended by a line holding only " + marker);
    }

    /** Spaces, tabs, carriage returns and comments; new lines too when {@code newLines}. */
    private void skipBlank(final boolean newLines) throws HclSyntaxException {
        while (!atEnd()) {
            char c = peek(0);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' && newLines) {
                pos++;
            } else if (c == '#' || c == '/' && peek(1) == '/') {
                int end = text.indexOf('\n', pos);
                pos = end < 0 ? text.length() : end;
            } else if (c == '/' && peek(1) == '*') {
                int end = text.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw error(pos, "this `/*` comment is never closed");
                }
                pos = end + 2;
            } else {
                return;
            }
        }
    }

    /** One level deeper; a file nested deeper than {@link #MAX_DEPTH} is refused, not read into a stack overflow. */
    private void deeper(final int at) throws HclSyntaxException {
        if (++depth > MAX_DEPTH) {
            throw error(at, "nested deeper than " + MAX_DEPTH + " levels");
        }
    }

    private String identifier() {
        int start = pos;
        if (!atEnd() && (Character.isLetter(peek(0)) || peek(0) == '_')) {
            pos++;
            while (!atEnd() && (Character.isLetterOrDigit(peek(0)) || peek(0) == '_' || peek(0) == '-')) {
                pos++;
            }
        }
        return text.substring(start, pos);
    }

    private boolean atTerminator() {
        return atEnd() || "\n,)]}".indexOf(peek(0)) >= 0;
    }

    private boolean atEnd() {
        return pos >= text.length();
    }

    private char peek(final int ahead) {
        return pos + ahead < text.length() ? text.charAt(pos + ahead) : '\0';
    }

    private String shown(final int at) {
        return at >= text.length() ? "the end of the file" : text.charAt(at) == '\n' ? "the end of the line" : "`" + text.charAt(at) + "`";
    }

    private int lineOf(final int at) {
        int found = Arrays.binarySearch(lineStarts, at);
        return found >= 0 ? found + 1 : -found - 1;
    }

    private HclSyntaxException error(final int at, final String message) {
        int line = lineOf(at);
        return new HclSyntaxException(line, at - lineStarts[line - 1] + 1, message);
    }
}
