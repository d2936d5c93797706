package io.jenkins.plugins.stackdrift;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import hudson.FilePath;
import hudson.Launcher;
import hudson.Proc;
import hudson.model.TaskListener;
import io.stackdrift.tool.ProcessResult;
import io.stackdrift.tool.ProcessRunner;
import io.stackdrift.tool.ProcessSpec;

/**
 * The engine's process port over Jenkins' {@link Launcher}. It runs on the agent inside
 * {@link AgentEngineCall} with a local launcher, so stdout goes straight to a file there (large plans
 * are streamed, never held in memory or sent to the controller). stderr goes, masked, to the console
 * and is kept apart from stdout (merged streams corrupt JSON). An interrupt (the build is aborted)
 * kills the process: {@code Proc.join} destroys it before rethrowing.
 */
public final class LauncherProcessRunner implements ProcessRunner {
    private static final int STDERR_TAIL = 8 * 1024;

    private final Launcher launcher;
    private final TaskListener listener;

    public LauncherProcessRunner(final Launcher launcher, final TaskListener listener) {
        this.launcher = launcher;
        this.listener = listener;
    }

    @Override
    public ProcessResult run(final ProcessSpec spec) throws IOException, InterruptedException {
        StderrTail stderr = new StderrTail(listener.getLogger(), STDERR_TAIL);
        try (OutputStream stdout = Files.newOutputStream(spec.stdoutFile())) {
            Proc proc;
            try {
                proc = launcher.launch()
                        .cmds(spec.command())
                        .pwd(new FilePath(spec.workingDir().toFile()))
                        .envs(escapeForLauncher(spec.environment()))
                        .stdout(stdout)
                        .stderr(stderr)
                        .start();
            } catch (IOException e) {
                return new ProcessResult(-1, spec.stdoutFile(), firstLine(e.getMessage()), false, true);
            }
            long started = System.nanoTime();
            long timeoutMillis = spec.timeout().toMillis();
            int exitCode = proc.joinWithTimeout(timeoutMillis, TimeUnit.MILLISECONDS, listener);
            boolean timedOut = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) >= timeoutMillis;
            return new ProcessResult(exitCode, spec.stdoutFile(), stderr.tail(), timedOut, false);
        }
    }

    /**
     * Launcher merges these into the agent's environment with {@code overrideExpandingAll}, which
     * expands {@code $VAR} inside values; a secret containing {@code $} would be altered. {@code $$} is
     * its literal dollar (as durable-task escapes, JENKINS-40734).
     */
    static Map<String, String> escapeForLauncher(final Map<String, String> environment) {
        Map<String, String> escaped = new TreeMap<>();
        environment.forEach((name, value) -> escaped.put(name, value.replace("$", "$$")));
        return escaped;
    }

    private static String firstLine(final String message) {
        if (message == null) {
            return "the tool could not be started";
        }
        int eol = message.indexOf('\n');
        return eol < 0 ? message : message.substring(0, eol);
    }
}
