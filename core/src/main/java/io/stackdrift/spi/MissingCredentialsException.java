package io.stackdrift.spi;

/** A credentials id in stacks.yaml that cannot be resolved; fails that stack before any tool runs. */
public class MissingCredentialsException extends Exception {
    private static final long serialVersionUID = 1L;

    public MissingCredentialsException(final String message) {
        super(message);
    }
}
