package io.stackdrift.cli;

/** Exit codes, mirroring {@code -detailed-exitcode}. */
public final class ExitCodes {
    /** Nothing to report. */
    public static final int OK = 0;
    /** An error: bad input, a failed stack, a tool that could not run. */
    public static final int ERROR = 1;
    /** Drift or pending changes. */
    public static final int CHANGES = 2;
    /** The run applied changes (or was interrupted applying them), but its record could not be written. */
    public static final int APPLIED_NOT_RECORDED = 3;

    private ExitCodes() {
    }
}
