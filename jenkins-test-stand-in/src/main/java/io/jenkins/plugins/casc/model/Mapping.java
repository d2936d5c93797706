package io.jenkins.plugins.casc.model;

import java.util.HashMap;

public final class Mapping extends HashMap<String, CNode> implements CNode {
    public Mapping() {
    }

    @Override
    public Type getType() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Mapping clone() {
        throw new UnsupportedOperationException();
    }
}
