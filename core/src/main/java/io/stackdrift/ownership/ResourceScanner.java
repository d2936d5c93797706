package io.stackdrift.ownership;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

import io.stackdrift.model.Tool;

/**
 * Finds the {@code resource "TYPE" "NAME"} blocks of a root module, and their own
 * {@code lifecycle { ignore_changes }}, by scanning its {@code *.tf} and {@code *.tofu} files.
 *
 * <p>This is not an HCL parser. It tokenizes just enough to be right on ordinary files: comments
 * ({@code #}, {@code //}, {@code /* *}{@code /}), quoted strings with escapes and {@code ${...}}
 * templates, heredocs ({@code <<EOF}, {@code <<-EOF}), and brace depth, so a {@code resource} word
 * inside a string, comment or nested block is not taken for a declaration. Limits: JSON-syntax files
 * ({@code *.tf.json}) are not read, so resources declared only there are "not declared"; resources in
 * child modules are never seen (only root-module resources can be ignored); a file that does not
 * tokenize (unbalanced braces) is reported, not guessed at. Override files ({@code *_override.tf},
 * {@code override.tf}) do not declare resources; the {@code ignore_changes} they set is returned
 * apart, because an override file merges {@code lifecycle} arguments one by one and the last
 * {@code ignore_changes} wins.
 */
public final class ResourceScanner {
    /** What the scan found. */
    public record Result(Map<String, DeclaredResource> resources, Map<String, String> overriddenIgnoreChanges,
            List<String> problems) {
        public Result {
            resources = Map.copyOf(resources);
            overriddenIgnoreChanges = Map.copyOf(overriddenIgnoreChanges);
            problems = List.copyOf(problems);
        }

        public Optional<DeclaredResource> resource(final String address) {
            return Optional.ofNullable(resources.get(address));
        }
    }

    private static final Pattern TRAVERSAL = Pattern.compile(
            "[A-Za-z_][A-Za-z0-9_-]*(\\.[A-Za-z_][A-Za-z0-9_-]*|\\[[0-9]+\\]|\\[\"[^\"]*\"\\])*");

    private ResourceScanner() {
    }

    /**
     * Scans the directory's own files (not subdirectories: they are other modules) as {@code tool}
     * loads them: Terraform reads {@code *.tf} only; OpenTofu reads {@code *.tf} and {@code *.tofu}, and
     * where both {@code x.tf} and {@code x.tofu} exist it reads only {@code x.tofu}.
     */
    public static Result scan(final Path dir, final Tool tool) throws IOException {
        Map<String, Path> byBase = new TreeMap<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path file : stream) {
                String name = file.getFileName().toString();
                if (!Files.isRegularFile(file) || name.equals(OverrideFile.FILE_NAME)) {
                    continue;
                }
                if (name.endsWith(".tf")) {
                    byBase.putIfAbsent(name.substring(0, name.length() - 3), file);
                } else if (name.endsWith(".tofu") && tool == Tool.TOFU) {
                    byBase.put(name.substring(0, name.length() - 5), file);
                }
            }
        }
        List<Path> files = new ArrayList<>(byBase.values());
        files.sort(Comparator.comparing(p -> p.getFileName().toString()));
        Map<String, DeclaredResource> resources = new LinkedHashMap<>();
        Map<String, String> overridden = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            boolean override = isOverrideFile(name);
            String text = Files.readString(file, StandardCharsets.UTF_8);
            List<DeclaredResource> found;
            try {
                found = blocks(new Lexer(text).tokens(), name);
            } catch (IllegalStateException e) {
                problems.add(name + ": " + e.getMessage());
                continue;
            }
            for (DeclaredResource r : found) {
                if (override) {
                    if (r.ignoreChanges().form() != DeclaredResource.IgnoreChanges.Form.NONE) {
                        overridden.put(r.address(), name);
                    }
                } else {
                    resources.putIfAbsent(r.address(), r);
                }
            }
        }
        return new Result(resources, overridden, problems);
    }

    static boolean isOverrideFile(final String name) {
        String base = name.endsWith(".tofu") ? name.substring(0, name.length() - 5) : name.substring(0, name.length() - 3);
        return base.equals("override") || base.endsWith("_override");
    }

    /** Top-level {@code resource "T" "N" { ... }} blocks. */
    private static List<DeclaredResource> blocks(final List<Token> tokens, final String file) {
        List<DeclaredResource> out = new ArrayList<>();
        int depth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.kind == Kind.OPEN) {
                depth++;
            } else if (t.kind == Kind.CLOSE) {
                depth--;
            } else if (depth == 0 && t.is(Kind.WORD, "resource") && i + 3 < tokens.size()
                    && tokens.get(i + 1).kind == Kind.STRING && tokens.get(i + 2).kind == Kind.STRING
                    && tokens.get(i + 3).is(Kind.OPEN, "{")) {
                int end = matching(tokens, i + 3);
                out.add(new DeclaredResource(tokens.get(i + 1).text, tokens.get(i + 2).text, file, t.line,
                        ignoreChanges(tokens.subList(i + 4, end))));
                i = end;
            }
        }
        return out;
    }

    /** The {@code ignore_changes} of a resource body's {@code lifecycle} block. */
    private static DeclaredResource.IgnoreChanges ignoreChanges(final List<Token> body) {
        int depth = 0;
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            if (t.kind == Kind.OPEN) {
                if (depth == 0 && t.text.equals("{") && i > 0 && body.get(i - 1).is(Kind.WORD, "lifecycle")) {
                    int end = matching(body, i);
                    return argument(body.subList(i + 1, end));
                }
                depth++;
            } else if (t.kind == Kind.CLOSE) {
                depth--;
            }
        }
        return DeclaredResource.IgnoreChanges.NONE;
    }

    private static DeclaredResource.IgnoreChanges argument(final List<Token> lifecycle) {
        for (int i = 0; i + 2 < lifecycle.size(); i++) {
            if (lifecycle.get(i).is(Kind.WORD, "ignore_changes") && lifecycle.get(i + 1).is(Kind.OTHER, "=")) {
                Token value = lifecycle.get(i + 2);
                if (value.is(Kind.WORD, "all")) {
                    return new DeclaredResource.IgnoreChanges(DeclaredResource.IgnoreChanges.Form.ALL, List.of(), "all");
                }
                if (value.is(Kind.OPEN, "[")) {
                    int end = matching(lifecycle, i + 2);
                    return list(lifecycle.subList(i + 3, end));
                }
                return new DeclaredResource.IgnoreChanges(DeclaredResource.IgnoreChanges.Form.UNREADABLE, List.of(), value.text);
            }
        }
        return DeclaredResource.IgnoreChanges.NONE;
    }

    /** The elements of {@code [a, b.c, d[0]]}, each a plain traversal, else the whole list is unreadable. */
    private static DeclaredResource.IgnoreChanges list(final List<Token> inner) {
        List<String> elements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        StringBuilder all = new StringBuilder();
        for (Token t : inner) {
            all.append(t.kind == Kind.STRING ? "\"" + t.text + "\"" : t.text);
            if (t.is(Kind.OTHER, ",")) {
                elements.add(current.toString());
                current.setLength(0);
            } else {
                current.append(t.kind == Kind.STRING ? "\"" + AttributePath.escapeHclString(t.text) + "\"" : t.text);
            }
        }
        if (current.length() > 0) {
            elements.add(current.toString());
        }
        for (String element : elements) {
            if (!TRAVERSAL.matcher(element).matches()) {
                return new DeclaredResource.IgnoreChanges(DeclaredResource.IgnoreChanges.Form.UNREADABLE, List.of(), "[" + all + "]");
            }
        }
        return new DeclaredResource.IgnoreChanges(DeclaredResource.IgnoreChanges.Form.LIST, elements, "[" + all + "]");
    }

    private static int matching(final List<Token> tokens, final int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            if (tokens.get(i).kind == Kind.OPEN) {
                depth++;
            } else if (tokens.get(i).kind == Kind.CLOSE) {
                depth--;
                if (depth == 0) {
                    return i;
                }
            }
        }
        throw new IllegalStateException("unbalanced brackets after line " + tokens.get(open).line);
    }

    // ------------------------------------------------------------------ lexer

    private enum Kind {
        WORD,
        STRING,
        OPEN,
        CLOSE,
        OTHER
    }

    private record Token(Kind kind, String text, int line) {
        boolean is(final Kind k, final String t) {
            return kind == k && text.equals(t);
        }
    }

    /** Words, strings (their literal text; templates kept raw), brackets and single other characters; no comments, no newlines. */
    private static final class Lexer {
        private final String s;
        private int i;
        private int line = 1;
        private final List<Token> out = new ArrayList<>();

        Lexer(final String text) {
            this.s = text;
        }

        List<Token> tokens() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '\n') {
                    line++;
                    i++;
                } else if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '#' || c == '/' && peek(1) == '/') {
                    skipToEndOfLine();
                } else if (c == '/' && peek(1) == '*') {
                    int end = s.indexOf("*/", i + 2);
                    if (end < 0) {
                        throw new IllegalStateException("unclosed comment at line " + line);
                    }
                    countLines(i, end + 2);
                    i = end + 2;
                } else if (c == '"') {
                    int start = line;
                    out.add(new Token(Kind.STRING, string(), start));
                } else if (c == '<' && peek(1) == '<' && (Character.isLetter(peek(2)) || peek(2) == '-')) {
                    heredoc();
                } else if (c == '{' || c == '[' || c == '(') {
                    out.add(new Token(Kind.OPEN, String.valueOf(c), line));
                    i++;
                } else if (c == '}' || c == ']' || c == ')') {
                    out.add(new Token(Kind.CLOSE, String.valueOf(c), line));
                    i++;
                } else if (AttributePath.isNameStart(c)) {
                    int j = i;
                    while (j < s.length() && AttributePath.isNamePart(s.charAt(j))) {
                        j++;
                    }
                    out.add(new Token(Kind.WORD, s.substring(i, j), line));
                    i = j;
                } else {
                    out.add(new Token(Kind.OTHER, String.valueOf(c), line));
                    i++;
                }
            }
            return out;
        }

        private char peek(final int ahead) {
            return i + ahead < s.length() ? s.charAt(i + ahead) : '\0';
        }

        private void skipToEndOfLine() {
            while (i < s.length() && s.charAt(i) != '\n') {
                i++;
            }
        }

        private void countLines(final int from, final int to) {
            for (int k = from; k < to; k++) {
                if (s.charAt(k) == '\n') {
                    line++;
                }
            }
        }

        /** A quoted string; {@code ${ ... }} inside may hold braces and strings of its own. */
        private String string() {
            int startLine = line;
            StringBuilder text = new StringBuilder();
            i++;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '\\' && i + 1 < s.length()) {
                    text.append(s.charAt(i + 1));
                    i += 2;
                } else if (c == '"') {
                    i++;
                    return text.toString();
                } else if ((c == '$' || c == '%') && peek(1) == '{') {
                    int end = template(i + 2);
                    text.append(s, i, end);
                    i = end;
                } else if (c == '\n') {
                    throw new IllegalStateException("unclosed string at line " + startLine);
                } else {
                    text.append(c);
                    i++;
                }
            }
            throw new IllegalStateException("unclosed string at line " + startLine);
        }

        /** The index after the {@code }} closing a template opened before {@code from}. */
        private int template(final int from) {
            int depth = 1;
            int k = from;
            while (k < s.length()) {
                char c = s.charAt(k);
                if (c == '"') {
                    int save = i;
                    i = k;
                    string();
                    k = i;
                    i = save;
                    continue;
                }
                if (c == '{') {
                    depth++;
                } else if (c == '}') {
                    depth--;
                    if (depth == 0) {
                        return k + 1;
                    }
                }
                k++;
            }
            throw new IllegalStateException("unclosed template at line " + line);
        }

        private void heredoc() {
            int j = i + 2;
            if (s.charAt(j) == '-') {
                j++;
            }
            int start = j;
            while (j < s.length() && AttributePath.isNamePart(s.charAt(j))) {
                j++;
            }
            String marker = s.substring(start, j);
            int startLine = line;
            int lineEnd = s.indexOf('\n', j);
            if (marker.isEmpty() || lineEnd < 0) {
                throw new IllegalStateException("unclosed heredoc at line " + startLine);
            }
            int k = lineEnd + 1;
            line++;
            while (k <= s.length()) {
                int next = s.indexOf('\n', k);
                String content = next < 0 ? s.substring(k) : s.substring(k, next);
                if (content.strip().equals(marker)) {
                    i = next < 0 ? s.length() : next;
                    out.add(new Token(Kind.STRING, "", startLine));
                    return;
                }
                if (next < 0) {
                    break;
                }
                line++;
                k = next + 1;
            }
            throw new IllegalStateException("unclosed heredoc <<" + marker + " at line " + startLine);
        }
    }
}
