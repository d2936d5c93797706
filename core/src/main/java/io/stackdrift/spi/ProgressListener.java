package io.stackdrift.spi;

/** Progress lines for people (stderr in the CLI, the console log in Jenkins). Never a value, never a secret. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener SILENT = line -> { };

    void line(String message);
}
