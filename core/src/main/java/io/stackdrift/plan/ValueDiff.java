package io.stackdrift.plan;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Derives the changed attribute paths of one resource from Terraform's before/after values and masks.
 * Only paths come out, never a value. A path stops at a sensitive attribute: nothing inside it is named,
 * because a map key under a sensitive mask can itself be the secret. Lists are compared by index, so an
 * added element shows as {@code list[3]}; an attribute that becomes unknown ({@code after_unknown}) counts as
 * changed.
 */
final class ValueDiff {
    private final List<String> paths = new ArrayList<>();
    private final StringBuilder path = new StringBuilder();

    private ValueDiff() {
    }

    static List<String> changedPaths(final JsonNode before, final JsonNode after, final JsonNode afterUnknown,
            final JsonNode beforeSensitive, final JsonNode afterSensitive) {
        ValueDiff diff = new ValueDiff();
        diff.walk(before, after, afterUnknown, beforeSensitive, afterSensitive);
        return diff.paths;
    }

    private void walk(final JsonNode before, final JsonNode after, final JsonNode unknown,
            final JsonNode beforeSensitive, final JsonNode afterSensitive) {
        if (isTrue(unknown)) {
            emit();
            return;
        }
        if (isTrue(beforeSensitive) || isTrue(afterSensitive)) {
            if (!same(before, after)) {
                emit();
            }
            return;
        }
        if (isObject(before) && isObject(after)) {
            for (String key : keys(before, after, unknown)) {
                int mark = path.length();
                AttributePaths.appendKey(path, key);
                walk(before.get(key), after.get(key), child(unknown, key), child(beforeSensitive, key), child(afterSensitive, key));
                path.setLength(mark);
            }
            return;
        }
        if (isArray(before) && isArray(after)) {
            int size = Math.max(before.size(), after.size());
            if (isArray(unknown)) {
                size = Math.max(size, unknown.size());
            }
            for (int i = 0; i < size; i++) {
                int mark = path.length();
                AttributePaths.appendIndex(path, i);
                walk(before.get(i), after.get(i), child(unknown, i), child(beforeSensitive, i), child(afterSensitive, i));
                path.setLength(mark);
            }
            return;
        }
        if (!same(before, after)) {
            emit();
        }
    }

    private void emit() {
        // the root itself changing (a create, a whole value) names no attribute
        if (path.length() > 0) {
            paths.add(path.toString());
        }
    }

    /** The union of the keys, sorted; cheap in the usual case where the tool already sorted them alike. */
    private static List<String> keys(final JsonNode before, final JsonNode after, final JsonNode unknown) {
        List<String> keys = new ArrayList<>(before.size() + 2);
        before.fieldNames().forEachRemaining(keys::add);
        addMissing(keys, before, after);
        if (isObject(unknown)) {
            addMissing(keys, before, unknown);
        }
        for (int i = 1; i < keys.size(); i++) {
            if (keys.get(i - 1).compareTo(keys.get(i)) >= 0) {
                return List.copyOf(new TreeSet<>(keys));
            }
        }
        return keys;
    }

    private static void addMissing(final List<String> keys, final JsonNode before, final JsonNode other) {
        Iterator<String> names = other.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!before.has(name) && !keys.contains(name)) {
                keys.add(name);
            }
        }
    }

    private static JsonNode child(final JsonNode node, final String key) {
        return node != null && node.isObject() ? node.get(key) : null;
    }

    private static JsonNode child(final JsonNode node, final int index) {
        return node != null && node.isArray() ? node.get(index) : null;
    }

    private static boolean isTrue(final JsonNode node) {
        return node != null && node.isBoolean() && node.booleanValue();
    }

    private static boolean isObject(final JsonNode node) {
        return node != null && node.isObject();
    }

    private static boolean isArray(final JsonNode node) {
        return node != null && node.isArray();
    }

    private static boolean isAbsent(final JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode();
    }

    /** Value equality where absent equals null and numbers compare by value (1 equals 1.0). */
    static boolean same(final JsonNode a, final JsonNode b) {
        if (isAbsent(a) || isAbsent(b)) {
            return isAbsent(a) && isAbsent(b);
        }
        if (a.isNumber() && b.isNumber()) {
            try {
                return a.decimalValue().compareTo(b.decimalValue()) == 0;
            } catch (NumberFormatException notFinite) {
                return a.asText().equals(b.asText());
            }
        }
        return a.equals(b);
    }
}
