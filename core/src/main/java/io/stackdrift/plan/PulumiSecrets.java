package io.stackdrift.plan;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Cuts a Pulumi property path ({@code tags.Env}, {@code list[0]}, {@code tags["kubernetes.io/role"]}) at the
 * first step whose value is a secret. Pulumi marks a secret two ways in its JSON: the blinded string
 * {@code "[secret]"} (the digest and the display) and the signature object
 * {@code {"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ...}} (serialized state).
 * A path the values do not reach (or cannot be split) is left whole.
 */
final class PulumiSecrets {
    static final String SIG_KEY = "4dabf18193072939515e22adb298388d";
    static final String SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
    static final String BLINDED = "[secret]";

    private PulumiSecrets() {
    }

    static boolean isSecret(final JsonNode value) {
        if (value == null) {
            return false;
        }
        if (value.isTextual()) {
            return BLINDED.equals(value.textValue());
        }
        JsonNode sig = value.isObject() ? value.get(SIG_KEY) : null;
        return sig != null && sig.isTextual() && SECRET_SIG.equals(sig.textValue());
    }

    /** {@code path} up to and including its first secret step; {@code path} itself when no step is secret. */
    static String cut(final String path, final List<JsonNode> states) {
        int end = path.length();
        for (JsonNode state : states) {
            if (state == null || !state.isObject()) {
                continue;
            }
            end = Math.min(end, secretEnd(path, state.get("inputs")));
            end = Math.min(end, secretEnd(path, state.get("outputs")));
        }
        return path.substring(0, end);
    }

    /** Where the first step that reaches a secret in {@code root} ends; the path's length when none does. */
    private static int secretEnd(final String path, final JsonNode root) {
        JsonNode node = root;
        int i = 0;
        int n = path.length();
        while (i < n && node != null) {
            int next;
            JsonNode child;
            char c = path.charAt(i);
            if (c == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    return n;
                }
                if (i + 1 < n && path.charAt(i + 1) == '"') {
                    // a quoted key: up to the closing quote that is not escaped
                    StringBuilder key = new StringBuilder();
                    int j = i + 2;
                    while (j < n && path.charAt(j) != '"') {
                        if (path.charAt(j) == '\\' && j + 1 < n) {
                            j++;
                        }
                        key.append(path.charAt(j));
                        j++;
                    }
                    if (j + 1 >= n || path.charAt(j + 1) != ']') {
                        return n;
                    }
                    next = j + 2;
                    child = node.isObject() ? node.get(key.toString()) : null;
                } else {
                    String index = path.substring(i + 1, close);
                    next = close + 1;
                    if (node.isArray() && !index.isEmpty() && index.length() < 10 && index.chars().allMatch(Character::isDigit)) {
                        child = node.get(Integer.parseInt(index));
                    } else {
                        child = node.isObject() ? node.get(index) : null;
                    }
                }
            } else {
                int start = c == '.' ? i + 1 : i;
                int j = start;
                while (j < n && path.charAt(j) != '.' && path.charAt(j) != '[') {
                    j++;
                }
                next = j;
                child = node.isObject() ? node.get(path.substring(start, j)) : null;
            }
            if (isSecret(child)) {
                return next;
            }
            node = child;
            i = next;
        }
        return n;
    }
}
