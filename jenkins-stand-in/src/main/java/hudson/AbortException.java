package hudson;

import java.io.IOException;

public class AbortException extends IOException {
    public AbortException() {
    }

    public AbortException(String message) {
        super(message);
    }
}
