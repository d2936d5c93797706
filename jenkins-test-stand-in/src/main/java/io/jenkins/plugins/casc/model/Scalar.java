package io.jenkins.plugins.casc.model;

// also a CharSequence (lenient supertypes: left out)
public final class Scalar implements CNode {
    @Override
    public Type getType() {
        throw new UnsupportedOperationException();
    }

    public String getValue() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Scalar clone() {
        throw new UnsupportedOperationException();
    }
}
