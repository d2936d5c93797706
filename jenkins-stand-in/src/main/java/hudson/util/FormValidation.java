package hudson.util;

import java.io.IOException;

import org.kohsuke.stapler.HttpResponse;

public abstract class FormValidation extends IOException implements HttpResponse {
    public static FormValidation error(String message) {
        throw new UnsupportedOperationException();
    }

    public static FormValidation warning(String message) {
        throw new UnsupportedOperationException();
    }

    public static FormValidation ok(String message) {
        throw new UnsupportedOperationException();
    }

    public static FormValidation ok() {
        throw new UnsupportedOperationException();
    }
}
