package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import hudson.FilePath;
import org.owasp.encoder.Encode;
import org.yaml.snakeyaml.Yaml;

import io.stackdrift.durable.EngineProcess;

/**
 * The engine's class path on an agent: the jars of Stack Drift's core and of the libraries it needs, as the
 * controller loaded them, copied once into a cache beside the workspace and named by their content, so a plugin
 * upgrade brings new jars and a running engine keeps its own.
 */
final class EngineJars {
    /** The cache inside the workspace's temporary directory; not named as a step directory, so no sweep removes it. */
    static final String CACHE_DIR = "stackdrift-engine-jars";
    /** One class of each jar the engine process loads. */
    private static final List<Class<?>> ROOTS = List.of(EngineProcess.class, ObjectMapper.class, JsonFactory.class,
            JsonProperty.class, YAMLFactory.class, Yaml.class, Encode.class);
    private static final Map<String, String> HASHES = new ConcurrentHashMap<>();

    private EngineJars() {
    }

    /** The jars on the controller. */
    static List<Path> local() throws IOException {
        Set<Path> jars = new LinkedHashSet<>();
        for (Class<?> root : ROOTS) {
            jars.add(jarOf(root));
        }
        return new ArrayList<>(jars);
    }

    /** Copies what the cache lacks; returns the class path on the agent. */
    static String install(final FilePath cache) throws IOException, InterruptedException {
        cache.mkdirs();
        List<String> entries = new ArrayList<>();
        for (Path jar : local()) {
            String name = hash(jar) + "-" + jar.getFileName();
            FilePath target = cache.child(name);
            if (!target.exists()) {
                // copied under a name of its own, then renamed: an engine never starts on half a jar
                FilePath part = cache.child(name + "." + UUID.randomUUID() + ".part");
                try (InputStream in = Files.newInputStream(jar)) {
                    part.copyFrom(in);
                }
                part.renameTo(target);
            }
            entries.add(target.getRemote());
        }
        return String.join(":", entries);
    }

    private static Path jarOf(final Class<?> root) throws IOException {
        CodeSource source = root.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        try {
            Path path = location == null ? null : Path.of(location.toURI());
            if (path != null && Files.isRegularFile(path) && path.toString().endsWith(".jar")) {
                return path;
            }
        } catch (URISyntaxException | IllegalArgumentException e) {
            // reported below
        }
        throw new IOException("Stack Drift: cannot find the jar of " + root.getName() + " (from " + location
                + ") to start the engine on the agent; the plugin's installation looks incomplete");
    }

    private static String hash(final Path jar) throws IOException {
        File file = jar.toFile();
        String key = file.getAbsolutePath() + "@" + file.lastModified() + "@" + file.length();
        String known = HASHES.get(key);
        if (known != null) {
            return known;
        }
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(jar), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            String hex = HexFormat.of().formatHex(in.getMessageDigest().digest()).substring(0, 16);
            HASHES.put(key, hex);
            return hex;
        } catch (NoSuchAlgorithmException e) {
            throw new IOException("SHA-256 is not available", e);
        }
    }
}
