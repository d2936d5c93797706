package io.jenkins.plugins.casc.model;

import io.jenkins.plugins.casc.ConfiguratorException;

public interface CNode extends Cloneable {
    enum Type {
        MAPPING,
        SEQUENCE,
        SCALAR
    }

    Type getType();

    default Mapping asMapping() throws ConfiguratorException {
        throw new UnsupportedOperationException();
    }

    default Sequence asSequence() throws ConfiguratorException {
        throw new UnsupportedOperationException();
    }

    default Scalar asScalar() throws ConfiguratorException {
        throw new UnsupportedOperationException();
    }

    CNode clone();
}
