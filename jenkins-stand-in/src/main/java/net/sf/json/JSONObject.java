package net.sf.json;

import java.util.Collection;
import java.util.Map;
import java.util.Set;

// the real class implements Map<String, Object> with raw entrySet()/values(), as copied here
@SuppressWarnings("unchecked")
public final class JSONObject extends AbstractJSON implements JSON, Map<String, Object>, Comparable {
    public JSONObject() {
    }

    public boolean has(String key) {
        throw new UnsupportedOperationException();
    }

    public String optString(String key) {
        throw new UnsupportedOperationException();
    }

    public String getString(String key) {
        throw new UnsupportedOperationException();
    }

    public void clear() {
        throw new UnsupportedOperationException();
    }

    public int compareTo(Object obj) {
        throw new UnsupportedOperationException();
    }

    public boolean containsKey(Object key) {
        throw new UnsupportedOperationException();
    }

    public boolean containsValue(Object value) {
        throw new UnsupportedOperationException();
    }

    public Set entrySet() {
        throw new UnsupportedOperationException();
    }

    public Object get(Object key) {
        throw new UnsupportedOperationException();
    }

    public boolean isEmpty() {
        throw new UnsupportedOperationException();
    }

    public Set<String> keySet() {
        throw new UnsupportedOperationException();
    }

    public Object put(String key, Object value) {
        throw new UnsupportedOperationException();
    }

    public void putAll(Map map) {
        throw new UnsupportedOperationException();
    }

    public Object remove(Object key) {
        throw new UnsupportedOperationException();
    }

    public int size() {
        throw new UnsupportedOperationException();
    }

    public Collection values() {
        throw new UnsupportedOperationException();
    }
}
