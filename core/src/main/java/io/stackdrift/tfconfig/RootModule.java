package io.stackdrift.tfconfig;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import io.stackdrift.tfconfig.HclBody.Block;

/**
 * What the files of one root module say about state (its {@code *.tf} and {@code *.tf.json} files, not its
 * subdirectories; override files last, their backend replacing the others', as Terraform merges them): its backend,
 * if it declares one, and every {@code data "terraform_remote_state"} it reads.
 *
 * @param backend the {@code backend} block or {@code cloud} block of its {@code terraform} block; empty: the local default
 * @param reads   the remote states it reads, in file order
 */
public record RootModule(Optional<Backend> backend, List<RemoteStateRead> reads) {
    /** The largest file read: a root module's files are small, and a generated one this large is no configuration. */
    public static final int MAX_BYTES = 4 * 1024 * 1024;

    public RootModule {
        Objects.requireNonNull(backend, "backend");
        reads = List.copyOf(reads);
    }

    /**
     * A backend as written.
     *
     * @param type   {@code s3}, {@code local}, …; {@code cloud} for a {@code cloud} block
     * @param config its arguments (nested blocks as objects)
     * @param where  file and line, for notes
     */
    public record Backend(String type, HclValue.ObjectValue config, String where) {
        public Backend {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(where, "where");
        }
    }

    /**
     * One {@code data "terraform_remote_state" "NAME"} block.
     *
     * @param name      its name
     * @param backend   its {@code backend} argument
     * @param config    its {@code config} argument (an empty object when not written)
     * @param workspace its {@code workspace} argument, {@code default} when not written
     * @param where     file and line, for notes
     */
    public record RemoteStateRead(String name, HclValue backend, HclValue config, HclValue workspace, String where) {
        public RemoteStateRead {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(backend, "backend");
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(workspace, "workspace");
            Objects.requireNonNull(where, "where");
        }
    }

    /**
     * Reads the module in {@code directory}; files are named {@code shownDir/FILE} in what it reports (the module's
     * directory relative to the repository root, {@code .} for the root: then {@code FILE}).
     *
     * @throws UnreadableFileException for the first file that cannot be read or has broken structure
     */
    public static RootModule read(final Path directory, final String shownDir) throws UnreadableFileException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> listing = Files.list(directory)) {
            listing.filter(p -> isConfiguration(name(p)) && Files.isRegularFile(p)).forEach(files::add);
        } catch (IOException e) {
            throw new UnreadableFileException(shownDir, "cannot list the directory: " + e.getMessage());
        }
        files.sort((a, b) -> {
            int byOverride = Boolean.compare(isOverride(a), isOverride(b));
            return byOverride != 0 ? byOverride : name(a).compareTo(name(b));
        });
        Optional<Backend> backend = Optional.empty();
        List<RemoteStateRead> reads = new ArrayList<>();
        for (Path file : files) {
            String name = name(file);
            String shown = ".".equals(shownDir) ? name : shownDir + "/" + name;
            HclBody body = parse(file, shown, name.endsWith(".json"));
            for (Block terraform : body.blocks("terraform")) {
                for (Block block : terraform.body().blocks()) {
                    if ("backend".equals(block.type()) || "cloud".equals(block.type())) {
                        String type = "cloud".equals(block.type()) ? "cloud" : block.label(0);
                        backend = Optional.of(new Backend(type, object(block.body()), where(shown, block.line())));
                    }
                }
            }
            for (Block data : body.blocks("data")) {
                if ("terraform_remote_state".equals(data.label(0))) {
                    HclBody inner = data.body();
                    reads.add(new RemoteStateRead(data.label(1), value(inner, "backend", HclValue.Expression.UNKNOWN),
                            value(inner, "config", new HclValue.ObjectValue(Map.of())),
                            value(inner, "workspace", new HclValue.Text(StateLocation.DEFAULT_WORKSPACE)), where(shown, data.line())));
                }
            }
        }
        return new RootModule(backend, reads);
    }

    private static HclBody parse(final Path file, final String shown, final boolean json) throws UnreadableFileException {
        String text;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new UnreadableFileException(shown, "the file is longer than " + MAX_BYTES + " bytes");
            }
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new UnreadableFileException(shown, "the file is not UTF-8 text");
        } catch (IOException e) {
            throw new UnreadableFileException(shown, "cannot read the file: " + e.getMessage());
        }
        try {
            return json ? TfJsonReader.read(text) : HclReader.read(text);
        } catch (HclSyntaxException e) {
            throw new UnreadableFileException(shown, e);
        }
    }

    private static HclValue value(final HclBody body, final String name, final HclValue fallback) {
        return body.attribute(name).map(HclBody.Attribute::value).orElse(fallback);
    }

    /** A block's body as an object: its arguments, and each nested block (the first of a type) as an object. */
    private static HclValue.ObjectValue object(final HclBody body) {
        Map<String, HclValue> entries = new LinkedHashMap<>();
        body.attributes().forEach(a -> entries.put(a.name(), a.value()));
        body.blocks().forEach(b -> entries.putIfAbsent(b.type(), object(b.body())));
        return new HclValue.ObjectValue(entries);
    }

    private static String where(final String shown, final int line) {
        return line > 0 ? shown + ":" + line : shown;
    }

    private static String name(final Path file) {
        return String.valueOf(file.getFileName());
    }

    private static boolean isConfiguration(final String name) {
        return name.endsWith(".tf") || name.endsWith(".tf.json");
    }

    private static boolean isOverride(final Path file) {
        String name = name(file).replace(".tf.json", ".tf");
        return "override.tf".equals(name) || name.endsWith("_override.tf");
    }
}
