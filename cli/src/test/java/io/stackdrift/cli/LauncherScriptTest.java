package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * The launcher {@code bin/stackdrift} with a scripted {@code java} that prints the flags it was given: vfork starts
 * the tools only where the JVM supports it quietly (Linux, Java 17 to 24); Java 25 would warn on stderr. C1 only,
 * except for a report of 400 MB of plans and more.
 */
@PosixOnly
class LauncherScriptTest {
    private static final String VFORK = "-Djdk.lang.Process.launchMechanism=VFORK";

    @TempDir
    Path temp;

    private String flagsWith(final String javaVersion, final String system) throws IOException, InterruptedException {
        Path bin = Files.createDirectories(temp.resolve("bin-" + javaVersion + "-" + system));
        return flagsOf(bin, script(bin.resolve("java"), "if [ \"$1\" = -version ]; then echo 'openjdk version \"" + javaVersion
                + "\" 2025-04-15' >&2; exit 0; fi\necho \"$@\" > " + bin.resolve("flags")), system);
    }

    /** A JDK whose {@code release} file says {@code javaVersion} and whose {@code java -version} would say 17. */
    private String flagsWithReleaseFile(final String javaVersion) throws IOException, InterruptedException {
        Path jdk = temp.resolve("jdk-" + javaVersion);
        Path bin = Files.createDirectories(jdk.resolve("bin"));
        Files.writeString(jdk.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_RUNTIME_VERSION=\"" + javaVersion
                + "+1\"\nJAVA_VERSION=\"" + javaVersion + "\"\n", StandardCharsets.UTF_8);
        Path java = script(bin.resolve("java"), "if [ \"$1\" = -version ]; then touch " + bin.resolve("asked")
                + "; echo 'openjdk version \"17.0.1\"' >&2; exit 0; fi\necho \"$@\" > " + bin.resolve("flags"));
        return flagsOf(bin, java, "Linux");
    }

    private String flagsOf(final Path bin, final Path java, final String system, final String... args)
            throws IOException, InterruptedException {
        script(bin.resolve("uname"), "echo " + system);
        // written once: the archive's name follows the jar's size and time
        Path jar = temp.resolve("stackdrift.jar");
        if (!Files.exists(jar)) {
            Files.writeString(jar, "not a jar");
        }
        List<String> command = new ArrayList<>(List.of("sh", Path.of("bin", "stackdrift").toAbsolutePath().toString()));
        command.addAll(args.length == 0 ? List.of("validate") : List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(temp.resolve("out.txt").toFile());
        builder.environment().put("JAVA", java.toString());
        builder.environment().put("STACKDRIFT_JAR", jar.toString());
        builder.environment().put("XDG_CACHE_HOME", temp.resolve("cache").toString());
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().remove("STACKDRIFT_JAVA_OPTS");
        Process process = builder.start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return Files.readString(bin.resolve("flags"), StandardCharsets.UTF_8);
    }

    private static Path script(final Path file, final String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    @Test
    void java17OnLinuxStartsToolsByVfork() throws Exception {
        assertThat(flagsWith("17.0.15", "Linux")).contains(VFORK).contains("-XX:+UseSerialGC").contains("-XX:CICompilerCount=1")
                .contains("-XX:-UsePerfData").contains("-jar");
        assertThat(flagsWith("21.0.2", "Linux")).contains(VFORK);
    }

    @Test
    void aReportOfPlansOf400MbAndMoreGetsBothCompilersAnythingElseC1Only() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin-report"));
        Path java = script(bin.resolve("java"), "if [ \"$1\" = -version ]; then echo 'openjdk version \"17.0.15\"' >&2; exit 0; fi\n"
                + "echo \"$@\" > " + bin.resolve("flags"));
        Path small = Files.writeString(temp.resolve("small.json"), "{}");
        Path large = temp.resolve("large.json");
        try (RandomAccessFile file = new RandomAccessFile(large.toFile(), "rw")) {
            file.setLength(250_000_000L); // sparse: no disk space
        }

        assertThat(flagsOf(bin, java, "Linux", "report", "--json", small.toString()))
                .contains("-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1");
        assertThat(flagsOf(bin, java, "Linux", "report", large.toString()))
                .contains("-XX:TieredStopAtLevel=1");
        assertThat(flagsOf(bin, java, "Linux", "report", "--json", large.toString(), large.toString()))
                .contains("-XX:TieredStopAtLevel=4", "-XX:CICompilerCount=2").doesNotContain("TieredStopAtLevel=1");
        assertThat(flagsOf(bin, java, "Linux", "check", large.toString(), large.toString()))
                .contains("-XX:TieredStopAtLevel=1");
    }

    @Test
    void theJdksReleaseFileSaysTheVersionWithoutStartingAJvm() throws Exception {
        assertThat(flagsWithReleaseFile("25.0.1")).doesNotContain("launchMechanism").contains("-jar");
        assertThat(temp.resolve("jdk-25.0.1").resolve("bin").resolve("asked")).doesNotExist();
        assertThat(flagsWithReleaseFile("21.0.2")).contains(VFORK);
        assertThat(temp.resolve("jdk-21.0.2").resolve("bin").resolve("asked")).doesNotExist();
    }

    @Test
    void java25AndOtherSystemsKeepTheDefaultLaunchMechanism() throws Exception {
        assertThat(flagsWith("25", "Linux")).doesNotContain("launchMechanism").contains("-XX:+UseSerialGC");
        assertThat(flagsWith("26-ea", "Linux")).doesNotContain("launchMechanism");
        assertThat(flagsWith("17.0.15", "Darwin")).doesNotContain("launchMechanism");
    }

    @Test
    void eachCommandsFirstRunAddsItsClassesToAStaticArchiveThatServesTheNextRuns() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin-archive"));
        Path log = bin.resolve("calls");
        Path cache = temp.resolve("cache").resolve("stackdrift");
        // a java that writes the class list and the archive it is asked for, logs every call, and exits 1 for "nope"
        Path java = script(bin.resolve("java"), "if [ \"$1\" = -version ]; then echo 'openjdk version \"17.0.15\"' >&2; exit 0; fi\n"
                + "echo \"$@\" >> " + log + "\necho \"$@\" > " + bin.resolve("flags") + "\n"
                + "for a in \"$@\"; do case \"$a\" in -XX:DumpLoadedClassList=*) echo \"class/Of/Run$#\" > \"${a#*=}\" ;;\n"
                + "-XX:SharedArchiveFile=*) [ \"$1\" = -Xshare:dump ] && echo archive > \"${a#*=}\" ;;\n"
                + "nope) exit 1 ;; esac; done");

        flagsOf(bin, java, "Linux");
        List<String> calls = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0)).contains("-XX:DumpLoadedClassList=", "-jar")
                .doesNotContain("ArchiveClassesAtExit", "SharedArchiveFile");
        assertThat(calls.get(1)).startsWith("-Xshare:dump").contains("-XX:SharedClassListFile=", "-cp");
        try (var cached = Files.list(cache)) {
            // the archive, its class list and its commands: the private names are gone
            assertThat(cached.map(file -> file.getFileName().toString().replaceAll("^cds-.*\\.jsa", "ARCHIVE")).sorted().toList())
                    .containsExactly("ARCHIVE", "ARCHIVE.classes", "ARCHIVE.commands");
        }

        // the same command again: the archive, nothing listed, nothing dumped
        assertThat(flagsOf(bin, java, "Linux")).contains("-XX:SharedArchiveFile=" + cache).doesNotContain("DumpLoadedClassList");
        assertThat(Files.readAllLines(log, StandardCharsets.UTF_8)).hasSize(3);

        // another command: runs with the archive, lists its classes, and the archive is dumped again with both lists
        flagsOf(bin, java, "Linux", "report", "x.json");
        calls = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertThat(calls).hasSize(5);
        assertThat(calls.get(3)).contains("-XX:SharedArchiveFile=" + cache, "-XX:DumpLoadedClassList=");
        assertThat(calls.get(4)).startsWith("-Xshare:dump");
        try (var cached = Files.list(cache)) {
            Path archive = cached.filter(file -> file.toString().endsWith(".jsa")).findFirst().orElseThrow();
            assertThat(Files.readAllLines(Path.of(archive + ".commands"), StandardCharsets.UTF_8)).containsExactly("report", "validate");
            assertThat(Files.readAllLines(Path.of(archive + ".classes"), StandardCharsets.UTF_8)).hasSize(2).doesNotHaveDuplicates();
        }
        flagsOf(bin, java, "Linux", "report", "y.json");
        assertThat(Files.readAllLines(log, StandardCharsets.UTF_8)).hasSize(6);

        // a command that fails adds nothing
        flagsOf(bin, java, "Linux", "nope");
        assertThat(Files.readAllLines(log, StandardCharsets.UTF_8)).hasSize(7);
    }
}
