package jenkins.model;

import java.io.Serializable;

public abstract class CauseOfInterruption implements Serializable {
    private static final long serialVersionUID = 1L;
}
