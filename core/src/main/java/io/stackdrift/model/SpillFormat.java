package io.stackdrift.model;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The form of a {@link ChangeList}'s spill file: per change its action and cause (one byte each), then its type,
 * address, number of paths and paths, and the keyed digest of its values,
 * each text as its UTF-8 length and bytes. Private to one process: written and
 * read by the same build, never kept.
 */
final class SpillFormat {
    private static final Action[] ACTIONS = Action.values();
    private static final Cause[] CAUSES = Cause.values();

    private SpillFormat() {
    }

    @SuppressWarnings("EnumOrdinal") // the spill file lives for one run and is read by the same code: the index is the format
    static void write(final DataOutputStream out, final Change change) throws IOException {
        out.writeByte(change.action().ordinal());
        out.writeByte(change.cause().ordinal());
        writeText(out, change.type());
        writeText(out, change.address());
        out.writeInt(change.paths().size());
        for (String path : change.paths()) {
            writeText(out, path);
        }
        writeText(out, change.values());
    }

    private static void writeText(final DataOutputStream out, final String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static Change read(final DataInputStream in) throws IOException {
        Action action = ACTIONS[in.readUnsignedByte()];
        Cause cause = CAUSES[in.readUnsignedByte()];
        String type = readText(in);
        String address = readText(in);
        int count = in.readInt();
        List<String> paths = new ArrayList<>(Math.min(count, 1024));
        for (int i = 0; i < count; i++) {
            paths.add(readText(in));
        }
        return new Change(action, type, address, paths, cause, readText(in));
    }

    private static String readText(final DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
