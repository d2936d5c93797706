package hudson.util;

import java.io.IOException;

public abstract class FormValidation extends IOException {
    public static FormValidation error(String message) {
        throw new UnsupportedOperationException();
    }

    public static FormValidation warning(String message) {
        throw new UnsupportedOperationException();
    }

    public static FormValidation ok() {
        throw new UnsupportedOperationException();
    }
}
