package io.stackdrift.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * An I/O failure in words that say what and where: {@code /work/net/.terraform does not exist}, {@code … permission
 * denied}. The JDK's exceptions often carry only a path ({@code NoSuchFileException}) or nothing at all, which made
 * reasons like "cannot hold svc: null". Never the content of a file: a path and the system's reason only.
 */
public final class IoProblem {
    private IoProblem() {
    }

    /** What went wrong and where, on one line. */
    public static String of(final IOException e) {
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            String file = fs.getFile() + (fs.getOtherFile() == null ? "" : " → " + fs.getOtherFile());
            if (e instanceof NoSuchFileException) {
                return file + " does not exist";
            }
            if (e instanceof AccessDeniedException) {
                return file + ": permission denied";
            }
            if (e instanceof FileAlreadyExistsException) {
                return file + " is there already";
            }
            if (e instanceof NotDirectoryException) {
                return file + " is not a directory";
            }
            if (e instanceof DirectoryNotEmptyException) {
                return file + " is a directory that is not empty";
            }
            return fs.getReason() == null ? file + ": " + words(e) : file + ": " + oneLine(fs.getReason());
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? words(e) : oneLine(message);
    }

    /** The same for an unchecked wrapper: its cause's words, or its own message when it has no cause. */
    public static String of(final UncheckedIOException e) {
        return e.getCause() != null ? of(e.getCause()) : words(e);
    }

    /** An exception without a message, in words: {@code FileSystemLoopException} → "file system loop". */
    private static String words(final Exception e) {
        String name = e.getClass().getSimpleName().replaceAll("Exception$", "");
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT) + " (no further detail)";
    }

    private static String oneLine(final String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
