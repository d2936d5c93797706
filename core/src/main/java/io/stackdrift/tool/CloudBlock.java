package io.stackdrift.tool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Whether a root module's code has a {@code cloud} block (HCP Terraform / Terraform Enterprise). Such a module
 * has no {@code default} workspace: the block picks its workspace, so an unnamed stack of it gets no
 * {@code TF_WORKSPACE}. A line-level look, not a parser: a <code>cloud {</code> opening a line of a {@code .tf}
 * file, or a {@code "cloud":} key in a {@code .tf.json} file; each file is read up to {@link #READ_LIMIT} bytes.
 */
final class CloudBlock {
    static final int READ_LIMIT = 1 << 20;
    private static final Pattern HCL = Pattern.compile("(?m)^\\s*cloud\\s*\\{");
    private static final Pattern JSON = Pattern.compile("\"cloud\"\\s*:");

    private CloudBlock() {
    }

    static boolean in(final Path moduleDir) {
        if (!Files.isDirectory(moduleDir)) {
            return false;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(moduleDir, "*.{tf,tf.json}")) {
            for (Path file : files) {
                if (!Files.isRegularFile(file)) {
                    continue;
                }
                String text = head(file);
                boolean json = file.getFileName().toString().endsWith(".json");
                if ((json ? JSON : HCL).matcher(text).find()) {
                    return true;
                }
            }
            return false;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private static String head(final Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return new String(in.readNBytes(READ_LIMIT), StandardCharsets.UTF_8);
        }
    }
}
