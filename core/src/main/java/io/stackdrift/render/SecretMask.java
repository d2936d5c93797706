package io.stackdrift.render;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.stackdrift.record.RunRecord;

/**
 * The one masker of both hosts: replaces every secret value with {@value #MASK} in a text, in a run's record and in
 * what a tool printed. A secret is matched as it is and in the forms a tool or a shell prints it in
 * ({@link SecretForms}: base64, shell-quoted), longer matches first, so one secret that contains another is masked
 * whole. The CLI builds it from the values of the variables named under {@code credentials:}; the plugin from the
 * pattern Jenkins's credentials-binding makes of the bound values ({@link #of(Pattern)}), as {@code withCredentials}
 * masks the console.
 */
public final class SecretMask {
    public static final String MASK = "****";
    public static final SecretMask NONE = new SecretMask(null);

    /** Null: nothing to mask. */
    private final Pattern pattern;

    private SecretMask(final Pattern pattern) {
        this.pattern = pattern;
    }

    /** Masks each non-empty secret as it is and in its encoded forms. */
    public static SecretMask of(final Collection<String> secrets) {
        return of(patternOf(secrets));
    }

    /** Masks what a host's own pattern matches (an empty pattern masks nothing). */
    public static SecretMask of(final Pattern pattern) {
        return pattern.pattern().isEmpty() ? NONE : new SecretMask(pattern);
    }

    /**
     * One pattern of every secret and its encoded forms, the longer alternatives first (a regular expression tries
     * them in order at each position, so the longest form that matches there is the one masked).
     */
    public static Pattern patternOf(final Collection<String> secrets) {
        List<String> forms = secrets.stream().filter(s -> s != null && !s.isEmpty()).flatMap(s -> SecretForms.of(s).stream())
                .distinct().sorted(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()))
                .toList();
        return Pattern.compile(forms.stream().map(Pattern::quote).collect(Collectors.joining("|")));
    }

    public boolean isEmpty() {
        return pattern == null;
    }

    public String mask(final String text) {
        if (pattern == null || text.isEmpty()) {
            return text;
        }
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? matcher.replaceAll(Matcher.quoteReplacement(MASK)) : text;
    }

    public List<String> mask(final List<String> lines) {
        return pattern == null ? lines : lines.stream().map(this::mask).toList();
    }

    /**
     * The record with every reason masked (rows and trail entries), every other component as it was: a tool's own
     * words, such as an {@code Error:} line, are the only text of a record that can carry a secret; addresses and paths
     * come from the plan's keys.
     */
    public RunRecord mask(final RunRecord run) {
        return pattern == null ? run : run.mapReasons((stack, reason) -> mask(reason));
    }
}
