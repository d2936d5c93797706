package org.jenkinsci.remoting;

import java.io.Serializable;

public interface SerializableOnlyOverRemoting extends Serializable {
}
