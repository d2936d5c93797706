package jenkins.scm.api;

import java.io.Serializable;

public abstract class SCMRevision implements Serializable {
}
