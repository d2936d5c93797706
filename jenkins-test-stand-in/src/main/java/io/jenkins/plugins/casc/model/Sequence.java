package io.jenkins.plugins.casc.model;

import java.util.ArrayList;

public final class Sequence extends ArrayList<CNode> implements CNode {
    public Sequence() {}

    @Override
    public Type getType() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Sequence clone() {
        throw new UnsupportedOperationException();
    }
}
