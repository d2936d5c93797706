package io.stackdrift.spi;

import java.nio.file.Path;

import io.stackdrift.model.Change;

/**
 * What a report hands its host while it reads, so a plan of any size is shown without being held: each change as
 * it is read, then each file's outcome. A file that ends failed shows none of the changes it streamed.
 */
public interface ReportListener {
    /** Listens to nothing: the host needs only the returned outcome. */
    ReportListener NONE = (file, change) -> { };

    /** One code change or drift entry of {@code file}, in file order. Never carries a value. */
    void change(Path file, Change change);

    /** {@code file} was read to its end (or failed). */
    default void fileRead(final ReportedFile file) {
    }
}
