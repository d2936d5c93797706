package io.stackdrift.model;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The changes of one section of a row (code changes, drift, owned elsewhere), in order, never a value. A short list
 * is held in memory, or, in a run that has a {@link SpillLog}, appended to it as a range of bytes; a long one waits in
 * a spill file of its own. A list that waits is read again each time it is walked, so that a run's memory is bounded
 * by its number of stacks, not by the number of changes its plans list (with a log, not by the changes at all). The spill file is written
 * once, never changed, and deleted when the list is no longer reachable (or with the directory its owner deletes at
 * the end of the run).
 *
 * <p>Walk a list with {@link #forEach}, {@link #visit}, {@link #stream()} (close it, or use it to the end) or {@link #first(int)};
 * {@link #size()} never reads the file.
 */
public final class ChangeList implements Iterable<Change> {
    /** How every spill file's name begins: a host deleting a run's work directory early keeps these to the end. */
    public static final String SPILL_FILE_PREFIX = "changes-";

    /** How many changes a list holds in memory before it spills to a file. */
    public static final int HELD_IN_MEMORY = 100;

    private static final Cleaner CLEANER = Cleaner.create();
    private static final ChangeList NONE = new ChangeList(List.of(), null, 0, null, null);

    /** In memory: every change; spilled: empty. */
    private final List<Change> held;
    /** The spill file, or null when held in memory. */
    private final Path file;
    private final int size;
    /** Where lists made from this one spill (a filtered or merged copy): this one's own place. */
    private final SpillTarget spillTarget;
    /** The run's log the changes wait in, as a range of bytes; null when held or in a file of their own. */
    private final SpillLog.Range range;

    private ChangeList(final List<Change> held, final Path file, final int size, final SpillTarget spillTarget,
            final SpillLog.Range range) {
        this.held = held;
        this.file = file;
        this.size = size;
        this.spillTarget = spillTarget == null ? SpillTarget.NONE : spillTarget;
        this.range = range;
        if (file != null) {
            CLEANER.register(this, new SpillLog.DeleteFile(file));
        }
    }

    /** No changes. */
    public static ChangeList none() {
        return NONE;
    }

    /** These changes, held in memory (for lists known to be short, and tests). */
    public static ChangeList of(final List<Change> changes) {
        return changes.isEmpty() ? NONE : new ChangeList(List.copyOf(changes), null, changes.size(), null, null);
    }

    /** A builder that spills into {@code target} once the list grows past {@link #HELD_IN_MEMORY}. */
    public static Builder builder(final SpillTarget target) {
        return new Builder(target, HELD_IN_MEMORY);
    }

    /** A builder that spills past {@code heldInMemory} changes (tests use a small number). */
    public static Builder builder(final SpillTarget target, final int heldInMemory) {
        return new Builder(target, heldInMemory);
    }

    /** A builder for a list made from this one: it spills where this one does. */
    public Builder derived() {
        return builder(spillTarget);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Whether {@code file} is named as a spill file is. */
    public static boolean isSpillFile(final Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().startsWith(SPILL_FILE_PREFIX);
    }

    /** Whether the changes wait in a file (their own, or a range of the run's {@link SpillLog}) rather than in memory. */
    public boolean isSpilled() {
        return file != null || range != null;
    }

    /** Whether nothing needs to be read to walk the list. */
    private boolean inMemory() {
        return file == null && range == null;
    }

    /** The first {@code n} changes (fewer when the list is shorter), for pages that list a bounded number. */
    public List<Change> first(final int n) {
        if (inMemory()) {
            return held.subList(0, Math.max(0, Math.min(n, size)));
        }
        List<Change> out = new ArrayList<>(Math.max(0, Math.min(n, size)));
        try (Reader reader = new Reader(this)) {
            while (out.size() < n && reader.hasNext()) {
                out.add(reader.next());
            }
        }
        return out;
    }

    /**
     * Every change in a list of its own, in memory: for lists a caller knows to be short (a decision over a few
     * resources, a test). Never for a list read from a plan of any size.
     */
    public List<Change> toList() {
        if (inMemory()) {
            // an immutable list already: copyOf returns it as it is
            return List.copyOf(held);
        }
        List<Change> out = new ArrayList<>(size);
        forEach(out::add);
        return out;
    }

    /** An iterator that reads a spilled list as it goes; it closes its file at the end. */
    @Override
    public Iterator<Change> iterator() {
        return inMemory() ? held.iterator() : new Reader(this);
    }

    @Override
    public void forEach(final Consumer<? super Change> action) {
        if (inMemory()) {
            held.forEach(action);
            return;
        }
        try (Reader reader = new Reader(this)) {
            while (reader.hasNext()) {
                action.accept(reader.next());
            }
        }
    }

    /** Walks every change with a visitor that may throw (a writer): a spilled list's file is closed however it ends. */
    public <E extends Exception> void visit(final Visitor<E> visitor) throws E {
        if (inMemory()) {
            for (Change change : held) {
                visitor.visit(change);
            }
            return;
        }
        try (Reader reader = new Reader(this)) {
            while (reader.hasNext()) {
                visitor.visit(reader.next());
            }
        }
    }

    /**
     * What {@link #visit} calls for each change.
     *
     * @param <E> what it may throw
     */
    @FunctionalInterface
    public interface Visitor<E extends Exception> {
        void visit(Change change) throws E;
    }

    /** The changes as a stream; a spilled list's file closes with the stream, or when it is read to the end. */
    public Stream<Change> stream() {
        if (inMemory()) {
            return held.stream();
        }
        Reader reader = new Reader(this);
        return StreamSupport.stream(Spliterators.spliterator(reader, size, Spliterator.ORDERED | Spliterator.SIZED), false)
                .onClose(reader::close);
    }

    @Override
    public boolean equals(final Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof ChangeList that) || size != that.size) {
            return false;
        }
        Iterator<Change> mine = iterator();
        Iterator<Change> theirs = that.iterator();
        try {
            while (mine.hasNext()) {
                if (!mine.next().equals(theirs.next())) {
                    return false;
                }
            }
            return true;
        } finally {
            closeIfReader(mine);
            closeIfReader(theirs);
        }
    }

    @Override
    public int hashCode() {
        // the size and the first change: enough for a value, without reading a spill file whole
        return Objects.hash(size, first(1));
    }

    @Override
    public String toString() {
        if (inMemory()) {
            return held.toString();
        }
        return "[" + size + " changes in " + (file != null ? file.getFileName() : "the run's spill log") + "]";
    }

    private String where() {
        return file != null ? file.toString() : "the run's spill log";
    }

    private static void closeIfReader(final Iterator<Change> iterator) {
        if (iterator instanceof Reader reader) {
            reader.close();
        }
    }

    /** Where a long list spills: a new file each time, or nowhere (the list stays in memory, however long). */
    @FunctionalInterface
    public interface SpillTarget {
        /** Keeps every list in memory: for callers whose lists are short by construction. */
        SpillTarget NONE = () -> null;

        /** A new empty file, readable by this user only; null to keep the list in memory. */
        Path newFile() throws IOException;

        /** The log that lists short enough to be held are appended to instead; null to hold them in memory. */
        default SpillLog log() {
            return null;
        }

        /** New files in {@code directory} (a run's private work directory, created if missing). */
        static SpillTarget in(final Path directory) {
            return () -> {
                Directories.ensure(directory);
                return Files.createTempFile(directory, SPILL_FILE_PREFIX, ".bin");
            };
        }

        /**
         * A run's lists of changes in {@code directory} (its private work directory, created if missing): a long list
         * in a new file of its own as it is read, every shorter one appended to one {@code log} of the run.
         */
        static SpillTarget in(final Path directory, final SpillLog log) {
            return new SpillLog.Target(in(directory), log);
        }

        /**
         * New files in this JVM's own spill directory under the temporary directory, for lists no run owns (a
         * report's, a record read back): each deleted when its list is collected, the directory when the JVM exits
         * (and, after a {@code kill -9}, by the next JVM that spills).
         */
        static SpillTarget temporary() {
            return () -> Files.createTempFile(JvmSpillDirectory.get(), SPILL_FILE_PREFIX, ".bin");
        }
    }

    /** Collects changes in order; past its limit every change goes to one spill file. Not thread-safe. */
    public static final class Builder implements Consumer<Change> {
        private final SpillTarget target;
        private final int heldInMemory;
        private final List<Change> held = new ArrayList<>();
        private Path file;
        private DataOutputStream out;
        private int size;

        private Builder(final SpillTarget target, final int heldInMemory) {
            this.target = Objects.requireNonNull(target, "target");
            this.heldInMemory = heldInMemory;
        }

        @Override
        public void accept(final Change change) {
            add(change);
        }

        public Builder add(final Change change) {
            Objects.requireNonNull(change, "change");
            try {
                if (out == null && held.size() >= heldInMemory) {
                    spill();
                }
                if (out != null) {
                    SpillFormat.write(out, change);
                } else {
                    held.add(change);
                }
                size++;
                return this;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the changes to " + file + ": " + IoProblem.of(e), e);
            }
        }

        public Builder addAll(final Iterable<Change> changes) {
            changes.forEach(this::add);
            return this;
        }

        public int size() {
            return size;
        }

        /** The list; the builder is done with. */
        public ChangeList build() {
            if (out == null) {
                if (held.isEmpty()) {
                    return NONE;
                }
                SpillLog log = target.log();
                return log == null ? new ChangeList(List.copyOf(held), null, size, target, null) : appended(log);
            }
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the changes to " + file + ": " + IoProblem.of(e), e);
            } finally {
                out = null;
            }
            return new ChangeList(List.of(), file, size, target, null);
        }

        private ChangeList appended(final SpillLog log) {
            SpillLog.Range range = log.append(held);
            held.clear();
            return new ChangeList(List.of(), null, size, target, range);
        }

        /** Drops what was collected (a read that failed): the spill file is deleted. */
        public void discard() {
            try {
                if (out != null) {
                    out.close();
                }
                if (file != null) {
                    Files.deleteIfExists(file);
                }
            } catch (IOException e) {
                // a file left behind goes with its directory
            } finally {
                out = null;
                file = null;
                held.clear();
                size = 0;
            }
        }

        private void spill() throws IOException {
            Path created = target.newFile();
            if (created == null) {
                return;
            }
            file = created;
            out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(created), 1 << 16));
            for (Change change : held) {
                SpillFormat.write(out, change);
            }
            held.clear();
        }
    }

    /** Reads a spill file in order; holds the list, so the file outlives the walk. Closes itself at the end. */
    private static final class Reader implements Iterator<Change>, Closeable {
        private final ChangeList list;
        private DataInputStream in;
        private int read;

        Reader(final ChangeList list) {
            this.list = list;
            if (list.range != null) {
                this.in = new DataInputStream(new ByteArrayInputStream(list.range.read()));
                return;
            }
            try {
                this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(list.file), 1 << 16));
            } catch (IOException e) {
                throw new UncheckedIOException("the changes spilled to " + list.file + " cannot be read: " + e.getMessage(), e);
            }
        }

        @Override
        public boolean hasNext() {
            if (read < list.size) {
                return true;
            }
            close();
            return false;
        }

        @Override
        public Change next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            try {
                Change change = SpillFormat.read(in);
                read++;
                return change;
            } catch (EOFException e) {
                close();
                throw new UncheckedIOException("the changes spilled to " + list.where() + " end early", e);
            } catch (IOException e) {
                close();
                throw new UncheckedIOException("the changes spilled to " + list.where() + " cannot be read: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            if (in != null) {
                try {
                    in.close();
                } catch (IOException e) {
                    // nothing was written through it
                }
                in = null;
            }
        }
    }

}
