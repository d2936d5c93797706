package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.stackdrift.engine.spi.LocalProcessRunner;
import io.stackdrift.engine.spi.ProcessResult;
import io.stackdrift.engine.spi.ProcessRunner;
import io.stackdrift.engine.spi.ProcessSpec;

/**
 * The engine's process port on the agent: the core's {@code LocalProcessRunner} (ProcessBuilder), with the
 * build's environment underneath each stack's own variables (its {@code PATH} finds the tools) and secrets
 * masked in what comes back.
 *
 * <p>Why not Jenkins' {@code Launcher}: this runs inside a {@code MasterToSlaveFileCallable}, i.e. already
 * in the agent's JVM, where a local launcher would itself be a ProcessBuilder. The core runner is the one
 * that gets the details right here: environment values reach the process literally (Launcher's
 * {@code envs()} expands {@code $VAR} inside values, so a secret with a {@code $} would need escaping),
 * stdout goes straight to a file on the agent (large plans are never held or shipped), stderr is kept apart
 * in a bounded tail (merged streams corrupt JSON), and an interrupt or timeout stops the process and
 * everything it started. The tail can reach a failed row's one-line reason, so it is masked here, before
 * the tool adapter reads it; everything the engine prints goes through {@link SecretMaskingOutputStream}.
 */
public final class AgentProcessRunner implements ProcessRunner {
    private final ProcessRunner local;
    private final Map<String, String> buildEnvironment;
    private final SecretMaskingOutputStream.Masker masker;

    public AgentProcessRunner(final ProcessRunner local, final Map<String, String> buildEnvironment,
            final Collection<String> secrets) {
        this.local = local;
        this.buildEnvironment = new TreeMap<>(buildEnvironment);
        this.masker = new SecretMaskingOutputStream.Masker(secrets);
    }

    /** The one place the plugin starts tool processes (ArchUnit-checked): the core's runner in this JVM. */
    public static AgentProcessRunner local(final Map<String, String> buildEnvironment, final Collection<String> secrets) {
        return new AgentProcessRunner(new LocalProcessRunner(), buildEnvironment, secrets);
    }

    @Override
    public ProcessResult run(final ProcessSpec spec) throws IOException, InterruptedException {
        Map<String, String> environment = new TreeMap<>(buildEnvironment);
        environment.putAll(spec.environment());
        List<String> command = new ArrayList<>(spec.command());
        command.set(0, onPath(command.get(0), environment.get("PATH")));
        ProcessSpec withBuildEnvironment = new ProcessSpec(command, spec.workingDir(), environment, spec.timeout(),
                spec.stdoutFile());
        ProcessResult result = local.run(withBuildEnvironment);
        return new ProcessResult(result.exitCode(), result.stdoutFile(), masker.mask(result.stderrTail()),
                result.timedOut(), result.notFound());
    }

    /**
     * A bare tool name looked up on the build's {@code PATH} ({@code withEnv(['PATH+TOFU=...'])}, tool
     * installers): ProcessBuilder itself would search the agent JVM's {@code PATH}, not the child's. A name
     * found nowhere is left as it is, so the tool adapter reports it missing in its own words.
     */
    public static String onPath(final String executable, final String path) {
        if (path == null || executable.contains("/") || executable.contains(File.separator)) {
            return executable;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, executable);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return executable;
    }
}
