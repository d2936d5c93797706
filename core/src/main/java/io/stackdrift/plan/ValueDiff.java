package io.stackdrift.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.plan.CompactTree.Arr;
import io.stackdrift.plan.CompactTree.Obj;

/**
 * Derives the changed attribute paths of one resource from Terraform's before/after values and masks.
 * Only paths come out, never a value. A path stops at a sensitive attribute: nothing inside it is named,
 * because a map key under a sensitive mask can itself be the secret. Lists are compared by index, so an
 * added element shows as {@code list[3]}; an attribute that becomes unknown ({@code after_unknown}) counts as
 * changed.
 * <p>
 * The walk keeps the steps it is at on a stack and renders a path only when it emits one: most visited keys
 * lie in equal subtrees, which {@link CompactTree#readAgainst} made identical, so they are skipped whole.
 */
final class ValueDiff {
    private final List<String> paths = new ArrayList<>();
    /** The steps of the current position: a String key or an Integer index each. */
    private Object[] steps = new Object[16];
    private int depth;

    private ValueDiff() {
    }

    static List<String> changedPaths(final JsonNode before, final JsonNode after, final JsonNode afterUnknown,
            final JsonNode beforeSensitive, final JsonNode afterSensitive) {
        return changedPaths(CompactTree.of(before), CompactTree.of(after), CompactTree.of(afterUnknown),
                CompactTree.of(beforeSensitive), CompactTree.of(afterSensitive));
    }

    /** The same over {@link CompactTree} values. */
    static List<String> changedPaths(final Object before, final Object after, final Object afterUnknown,
            final Object beforeSensitive, final Object afterSensitive) {
        ValueDiff diff = new ValueDiff();
        diff.walk(before, after, afterUnknown, beforeSensitive, afterSensitive);
        return diff.paths;
    }

    private void walk(final Object before, final Object after, final Object unknown,
            final Object beforeSensitive, final Object afterSensitive) {
        if (CompactTree.isTrue(unknown)) {
            emit();
            return;
        }
        if (CompactTree.isTrue(beforeSensitive) || CompactTree.isTrue(afterSensitive)) {
            if (!same(before, after)) {
                emit();
            }
            return;
        }
        // an equal subtree with nothing unknown inside names nothing, whatever its masks say
        if (before == after && !(unknown instanceof Obj) && !(unknown instanceof Arr)) {
            return;
        }
        if (before instanceof Obj b && after instanceof Obj a) {
            walkKeys(b, a, unknown instanceof Obj u ? u : null, beforeSensitive, afterSensitive);
            return;
        }
        if (before instanceof Arr b && after instanceof Arr a) {
            int size = Math.max(b.size(), a.size());
            if (unknown instanceof Arr u) {
                size = Math.max(size, u.size());
            }
            for (int i = 0; i < size; i++) {
                push(i);
                walk(b.get(i), a.get(i), CompactTree.child(unknown, i), CompactTree.child(beforeSensitive, i),
                        CompactTree.child(afterSensitive, i));
                depth--;
            }
            return;
        }
        if (!same(before, after)) {
            emit();
        }
    }

    /** The union of the keys in ascending order: a merge of the sorted key arrays. */
    private void walkKeys(final Obj before, final Obj after, final Obj unknown, final Object beforeSensitive,
            final Object afterSensitive) {
        String[] b = before.keys;
        String[] a = after.keys;
        String[] u = unknown == null ? new String[0] : unknown.keys;
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < b.length || j < a.length || k < u.length) {
            String key = min(i < b.length ? b[i] : null, j < a.length ? a[j] : null, k < u.length ? u[k] : null);
            Object bv = null;
            Object av = null;
            Object uv = null;
            if (i < b.length && b[i].equals(key)) {
                bv = before.values[i++];
            }
            if (j < a.length && a[j].equals(key)) {
                av = after.values[j++];
            }
            if (k < u.length && u[k].equals(key)) {
                uv = unknown.values[k++];
            }
            push(key);
            walk(bv, av, uv, CompactTree.child(beforeSensitive, key), CompactTree.child(afterSensitive, key));
            depth--;
        }
    }

    private static String min(final String x, final String y, final String z) {
        String m = x;
        if (y != null && (m == null || y.compareTo(m) < 0)) {
            m = y;
        }
        if (z != null && (m == null || z.compareTo(m) < 0)) {
            m = z;
        }
        return m;
    }

    private void push(final Object step) {
        if (depth == steps.length) {
            steps = Arrays.copyOf(steps, depth * 2);
        }
        steps[depth++] = step;
    }

    private void emit() {
        // the root itself changing (a create, a whole value) names no attribute
        if (depth == 0) {
            return;
        }
        StringBuilder path = new StringBuilder(32);
        for (int i = 0; i < depth; i++) {
            if (steps[i] instanceof String key) {
                AttributePaths.appendKey(path, key);
            } else {
                AttributePaths.appendIndex(path, (Integer) steps[i]);
            }
        }
        paths.add(path.toString());
    }

    /** Value equality where absent equals null and numbers compare by value (1 equals 1.0). */
    static boolean same(final Object a, final Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof CompactTree.Num x && b instanceof CompactTree.Num y) {
            return x.sameValue(y);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return RawText.same(x, y);
        }
        if (a instanceof Obj x && b instanceof Obj y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!x.keys[i].equals(y.keys[i]) || !same(x.values[i], y.values[i])) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Arr x && b instanceof Arr y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.items[i], y.items[i])) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
