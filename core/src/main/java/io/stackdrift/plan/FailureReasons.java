package io.stackdrift.plan;

import java.io.CharConversionException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;

/**
 * One-line failure reasons. Tool diagnostics lose their colour markup; parser errors are described by
 * position only, because Jackson's own messages quote the offending text, which may be a value.
 */
public final class FailureReasons {
    static final int MAX_LENGTH = 200;
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[ -/]*[@-~]|\u001B[@-Z\\\\-_]");
    private static final Pattern PULUMI_MARKUP = Pattern.compile("<\\{%[^%]*%}>");
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cntrl}&&[^\n]]");

    private FailureReasons() {
    }

    /**
     * A tool's error diagnostic as one line: Terraform's {@code summary}, cleaned, its quoted parts masked
     * ({@link #maskQuoted}) and cut (Pulumi's messages are never used: {@link #pulumiDiagnostic}). Terraform's {@code detail} is
     * never used: it explains with the values the tool was given (validation messages, a program's exception
     * text). The console log has the tool's full output.
     */
    public static String diagnostic(final String message) {
        String line = maskQuoted(firstLine(clean(message)));
        return truncate(line.isEmpty() ? "the tool reported an error without a message" : line);
    }

    /**
     * A Pulumi error diagnostic as one line, without its message: Pulumi's messages have no summary apart from the
     * text, which carries what the program or provider was given (an exception's text, a value), so only the resource
     * the diagnostic is about is named, from its URN (type and name), and the message is left to the console log.
     */
    public static String pulumiDiagnostic(final String urn) {
        String clean = firstLine(clean(urn));
        if (clean.isEmpty()) {
            return PULUMI_DIAGNOSTIC + "; its message is in the tool's output";
        }
        String resource = maskQuoted(PulumiSteps.type(null, clean) + " " + PulumiSteps.name(clean)).strip();
        return truncate(PULUMI_DIAGNOSTIC + " for " + resource + "; its message is in the tool's output");
    }

    /** How every reason from a Pulumi error diagnostic begins. */
    public static final String PULUMI_DIAGNOSTIC = "an error diagnostic";

    /** Characters that open or close quoted text; a quoted part of a tool's message is where it quotes a value. */
    private static final String QUOTES = "\"'`\u2018\u2019\u201C\u201D\u00AB\u00BB";

    /**
     * The line with the inside of every quoted part replaced by {@code …}: tools quote what they were given
     * (a value, a name from a program) in their messages, e.g. {@code invalid value "hunter2" for x}, and a
     * reason must never show a value. An apostrophe between two letters ({@code can't}) is not a quote; a
     * quote that is never closed masks the rest of the line. Values a tool prints without quotes cannot be
     * told apart from words; the console log has the tool's full output.
     */
    public static String maskQuoted(final String line) {
        StringBuilder masked = new StringBuilder(line.length());
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (!isQuote(line, i)) {
                masked.append(c);
                i++;
                continue;
            }
            int close = i + 1;
            while (close < line.length() && !isQuote(line, close)) {
                close++;
            }
            masked.append(c).append('\u2026');
            if (close < line.length()) {
                masked.append(line.charAt(close));
            }
            i = close + 1;
        }
        return masked.toString();
    }

    private static boolean isQuote(final String line, final int at) {
        char c = line.charAt(at);
        if (QUOTES.indexOf(c) < 0) {
            return false;
        }
        boolean apostrophe = (c == '\'' || c == '\u2019') && at > 0 && at + 1 < line.length()
                && Character.isLetter(line.charAt(at - 1)) && Character.isLetter(line.charAt(at + 1));
        return !apostrophe;
    }

    /** Strips ANSI escapes, Pulumi's {@code <{%reset%}>} markup and control characters. */
    public static String clean(final String text) {
        if (text == null) {
            return "";
        }
        String plain = PULUMI_MARKUP.matcher(ANSI.matcher(text).replaceAll("")).replaceAll("");
        return CONTROL.matcher(plain.replace("\r\n", "\n").replace('\r', '\n')).replaceAll("").strip();
    }

    static String firstLine(final String text) {
        String stripped = text.strip();
        int newline = stripped.indexOf('\n');
        return (newline < 0 ? stripped : stripped.substring(0, newline)).strip();
    }

    static String truncate(final String line) {
        if (line.length() <= MAX_LENGTH) {
            return line;
        }
        int cut = line.lastIndexOf(' ', MAX_LENGTH - 1);
        return line.substring(0, cut > MAX_LENGTH / 2 ? cut : MAX_LENGTH - 1) + "…";
    }

    /** How Jackson's duplicate detection ({@code STRICT_DUPLICATE_DETECTION}) starts its message. */
    private static final String DUPLICATE = "Duplicate field '";

    /** Why a file could not be read, without quoting any of its content. */
    static String ofException(final Exception e) {
        if (e instanceof NoSuchFileException) {
            return "the file does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "the file cannot be read (permission denied)";
        }
        if (e instanceof StreamConstraintsException constraints) {
            return "the JSON is nested too deeply, or holds a number, string or key too long to read safely"
                    + at(constraints.getLocation());
        }
        if (e instanceof JsonEOFException) {
            return "the JSON ends early: the file is truncated";
        }
        if (e instanceof CharConversionException) {
            return "the file is not UTF-8 text";
        }
        if (e instanceof JsonProcessingException json && String.valueOf(json.getOriginalMessage()).startsWith(DUPLICATE)) {
            // the key is not named: a key inside a value may be the user's own data
            return "the JSON holds one key twice in an object" + at(json.getLocation()) + ": the tool never writes that, so the "
                    + "file is malformed or was edited; refused, as either value could hide a change";
        }
        if (e instanceof JsonProcessingException json) {
            // Jackson names the token it refused (never a value of the file): say what is wrong with it
            String message = String.valueOf(json.getOriginalMessage());
            boolean notANumber = message.startsWith("Non-standard token '") && (message.contains("NaN") || message.contains("Infinity"));
            return "the file is not valid JSON" + at(json.getLocation())
                    + (notANumber ? ": NaN, Infinity and the like are no JSON numbers" : "");
        }
        if (e instanceof IOException) {
            return "the file cannot be read (" + e.getClass().getSimpleName() + ")";
        }
        return "the file could not be read as a plan (" + e.getClass().getSimpleName() + ")";
    }

    static String at(final JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
