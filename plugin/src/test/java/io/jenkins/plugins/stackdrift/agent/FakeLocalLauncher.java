package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts processes as Jenkins' {@code Launcher.LocalLauncher} does, for tests on this machine (the stand-in's
 * launcher only declares its methods): the overrides go over this JVM's environment with {@code $VAR},
 * {@code ${VAR}} and {@code $$} expanded and empty values removed ({@code EnvVars.overrideExpandingAll}), every
 * argument is expanded against the result ({@code EnvVars.expand}), the executable is looked up on this JVM's
 * {@code PATH} (ProcessBuilder), and the launch's own stdout and stderr go nowhere (the null stream). Its
 * {@code Proc.kill} stops the process and its descendants, as the process-tree killer does; its
 * {@code Launcher.kill(Map)} kills by the environment, as core's does.
 */
public class FakeLocalLauncher extends ToolLaunchService {
    /** Core's {@code Util.VARIABLE}. */
    private static final Pattern VARIABLE = Pattern.compile("\\$([A-Za-z0-9_]+|\\{[A-Za-z0-9_.]+\\}|\\$)");

    final AtomicInteger starts = new AtomicInteger();
    final AtomicInteger kills = new AtomicInteger();
    final AtomicInteger markedKills = new AtomicInteger();

    /** Starts whatever it is asked (the commands come from this JVM's runner under test). */
    public FakeLocalLauncher() {
        super();
    }

    /** Starts only what {@code policy} allows, as the controller's service does. */
    public FakeLocalLauncher(final LaunchPolicy policy) {
        super(policy);
    }

    @Override
    protected WatchedProcess launch(final ToolCommand command) throws IOException {
        Map<String, String> environment = new TreeMap<>(System.getenv());
        command.environment().forEach((name, value) -> {
            String expanded = expand(value, environment);
            if (expanded.isEmpty()) {
                environment.remove(name);
            } else {
                environment.put(name, expanded);
            }
        });
        List<String> line = new ArrayList<>();
        command.command().forEach(argument -> line.add(expand(argument, environment)));
        ProcessBuilder builder = new ProcessBuilder(line).directory(new File(command.workingDir()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
        starts.incrementAndGet();
        return WatchedProcess.watch(process::waitFor, () -> {
            kills.incrementAndGet();
            procKill(process);
        }, "test launcher: " + line.get(0));
    }

    /** The launch's own {@code Proc.kill}: here the process and its descendants. */
    protected void procKill(final Process process) throws IOException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** As core's {@code LocalLauncher.kill}: every process whose environment holds the variables ({@link MarkedProcesses}). */
    @Override
    protected void killMarked(final Map<String, String> variables) throws IOException, InterruptedException {
        markedKills.incrementAndGet();
        MarkedProcesses.kill(variables);
    }

    /** Core's {@code Util.replaceMacro}: {@code $$} is one {@code $}, an unknown variable stays as written. */
    static String expand(final String value, final Map<String, String> environment) {
        String s = value;
        int idx = 0;
        while (true) {
            Matcher m = VARIABLE.matcher(s);
            if (!m.find(idx)) {
                return s;
            }
            String key = m.group().substring(1);
            String replacement;
            if (key.charAt(0) == '$') {
                replacement = "$";
            } else {
                replacement = environment.get(key.charAt(0) == '{' ? key.substring(1, key.length() - 1) : key);
            }
            if (replacement == null) {
                idx = m.end();
            } else {
                s = s.substring(0, m.start()) + replacement + s.substring(m.end());
                idx = m.start() + replacement.length();
            }
        }
    }
}
