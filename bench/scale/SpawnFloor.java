import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The JVM's own spawn floor of a run (bench/scale/run.sh): replays exactly the tool calls a `check` made, as
 * bench/scale/fake-terraform logged them (directory, stdout file, arguments; the tool environment of the first
 * call), with nothing else: no configuration, no plan reading, no record. As the CLI runs them: each stack's calls
 * in order, PARALLELISM stacks at once, every call by ProcessBuilder with stdin from /dev/null, stdout to a file,
 * stderr drained by its own thread, waited for. The stdout files and plan files land under OUT instead of the
 * run's work directory. Add -Djdk.lang.Process.launchMechanism=VFORK to try the other launcher.
 *
 * usage: java SpawnFloor.java CALLS TOOL PARALLELISM OUT
 */
public final class SpawnFloor {
    public static void main(final String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        String tool = args[1];
        int parallelism = Integer.parseInt(args[2]);
        Path out = Path.of(args[3]).toAbsolutePath();
        Map<String, String> environment = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(args[0] + ".env"))) {
            int eq = line.indexOf('=');
            if (eq > 0 && (line.startsWith("TF_") || line.startsWith("PULUMI_"))) {
                environment.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        Map<String, List<String[]>> byStack = new LinkedHashMap<>();
        String root = null;
        for (String line : lines) {
            String[] call = line.split("\t", 3);
            byStack.computeIfAbsent(call[0], d -> new ArrayList<>()).add(call);
            // the run's own work directory: /tmp/stackdrift-work-root/<run>/ (the part before the stack's directory)
            Path stdout = Path.of(call[1]);
            String runRoot = stdout.getParent().getParent().getParent().toString();
            if (root == null) {
                root = runRoot;
            }
        }
        final String runRoot = root;
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(parallelism);
        List<Future<Integer>> done = new ArrayList<>();
        for (Map.Entry<String, List<String[]>> stack : byStack.entrySet()) {
            done.add(pool.submit(() -> {
                int calls = 0;
                for (String[] call : stack.getValue()) {
                    List<String> command = new ArrayList<>();
                    command.add(tool);
                    for (String arg : call[2].split(" ")) {
                        command.add(arg.replace(runRoot, out.toString()));
                    }
                    Path stdout = Path.of(call[1].replace(runRoot, out.toString()));
                    Files.createDirectories(stdout.getParent());
                    run(command, Path.of(call[0]), environment, stdout);
                    calls++;
                }
                return calls;
            }));
        }
        int calls = 0;
        for (Future<Integer> f : done) {
            calls += f.get();
        }
        pool.shutdown();
        System.out.printf("%d calls for %d stacks, %d at once, launchMechanism %s: %.2f s in the JVM%n", calls, byStack.size(),
                parallelism, System.getProperty("jdk.lang.Process.launchMechanism", "default"), (System.nanoTime() - started) / 1e9);
    }

    private static void run(final List<String> command, final Path dir, final Map<String, String> environment, final Path stdout)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(stdout.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(environment);
        Process process = builder.start();
        Thread reader = new Thread(() -> drain(process.getErrorStream()), "stderr");
        reader.setDaemon(true);
        reader.start();
        int code = process.waitFor();
        reader.join(TimeUnit.SECONDS.toMillis(2));
        if (code != 0 && code != 2) {
            throw new IOException("failed: " + command);
        }
    }

    private static void drain(final InputStream stderr) {
        byte[] buffer = new byte[8192];
        try (stderr) {
            while (stderr.read(buffer) >= 0) {
                // thrown away: the floor keeps no tail
            }
        } catch (IOException e) {
            // closed when the process ended
        }
    }
}
