package hudson.util;

import java.io.Serializable;

import edu.umd.cs.findbugs.annotations.NonNull;

public final class Secret implements Serializable {
    @NonNull
    public String getPlainText() {
        throw new UnsupportedOperationException();
    }
}
