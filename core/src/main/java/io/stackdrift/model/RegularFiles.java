package io.stackdrift.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * Small files of our own (a counter, a lock file's lines) read only when they are regular files, and only so far:
 * a FIFO put in their place would block the run for good, and a link to {@code /dev/zero} would fill the heap.
 */
public final class RegularFiles {
    private RegularFiles() {
    }

    /** A file that is there but is not a regular file (a FIFO, a device, a directory, a link), or is too large. */
    public static final class NotRegularFileException extends IOException {
        private static final long serialVersionUID = 1L;

        private final String what;

        NotRegularFileException(final Path file, final String what) {
            super(file + " " + what);
            this.what = what;
        }

        /** What is wrong with the file, without its name: "is a FIFO, socket or device, not a regular file". */
        public String what() {
            return what;
        }
    }

    /** What a file is, in words: "a directory", "a symbolic link", "a FIFO, socket or device", "a regular file". */
    public static String kind(final BasicFileAttributes attributes) {
        if (attributes.isRegularFile()) {
            return "a regular file";
        }
        if (attributes.isDirectory()) {
            return "a directory";
        }
        return attributes.isSymbolicLink() ? "a symbolic link" : "a FIFO, socket or device";
    }

    /**
     * Throws when {@code file} is there and is not a regular file (links are not followed); a missing file passes.
     *
     * @return whether the file is there
     */
    public static boolean requireRegularIfPresent(final Path file) throws NotRegularFileException, IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return false;
        }
        if (!attributes.isRegularFile()) {
            throw new NotRegularFileException(file, "is " + kind(attributes) + ", not a regular file");
        }
        return true;
    }

    /**
     * The text of a small regular file, empty when it is missing; never more than {@code most} bytes are read.
     *
     * @throws NotRegularFileException when it is not a regular file or holds more than {@code most} bytes
     */
    public static Optional<String> readSmall(final Path file, final int most, final Charset charset) throws IOException {
        if (!requireRegularIfPresent(file)) {
            return Optional.empty();
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes(most + 1);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (bytes.length > most) {
            throw new NotRegularFileException(file, "holds more than " + most + " bytes, more than this file ever holds");
        }
        return Optional.of(new String(bytes, charset));
    }
}
