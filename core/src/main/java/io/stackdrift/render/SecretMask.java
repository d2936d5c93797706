package io.stackdrift.render;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
     * them in order at each position, so the longest form that matches there is the one masked). Each secret's
     * percent-encoded and JSON-escaped forms are one alternative ({@link SecretForms#escaped}), placed by the length of
     * the value itself, which it also matches. A secret with quote characters is also masked part by part
     * ({@link SecretForms#betweenQuotes}): a reason has the inside of every quoted part cut out before the host masks
     * it, which would leave the rest of such a secret whole and unmatched.
     */
    public static Pattern patternOf(final Collection<String> secrets) {
        List<String> values = secrets.stream().filter(s -> s != null && !s.isEmpty()).distinct().toList();
        Map<String, Integer> alternatives = new HashMap<>();
        for (String secret : values) {
            SecretForms.of(secret).forEach(form -> alternatives.merge(Pattern.quote(form), form.length(), Math::max));
            // replaces the quoted value itself: the escaped form matches it too
            alternatives.remove(Pattern.quote(secret));
            alternatives.merge(SecretForms.escaped(secret), secret.length(), Math::max);
            for (String part : SecretForms.betweenQuotes(secret)) {
                alternatives.merge(SecretForms.escaped(part), part.length(), Math::max);
            }
        }
        List<String> ordered = alternatives.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).toList();
        return Pattern.compile(String.join("|", ordered));
    }

    /**
     * The core's pattern of {@code secrets} ({@link #patternOf(Collection)}), then what a host's own pattern of them
     * matches (forms the host knows that the core does not, such as those another Jenkins plugin registers): one
     * masker for every host, whatever the host adds.
     */
    public static Pattern patternOf(final Collection<String> secrets, final Pattern host) {
        Pattern own = patternOf(secrets);
        if (host.pattern().isEmpty()) {
            return own;
        }
        return own.pattern().isEmpty() ? host : Pattern.compile(own.pattern() + "|(?:" + host.pattern() + ")");
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
