package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A decorating launcher, as {@code container('…')} or {@code docker.image(…).inside} put one around the step's: every
 * command it is given runs "inside the container", here a {@code PATH} of the container's own (docker-workflow drops
 * the build's {@code PATH} for {@code docker exec}), and is recorded. A tool that ran without it would be looked up on
 * the build's {@code PATH} instead.
 */
final class ContainerDecorator implements ToolLauncher {
    private final ToolLauncher inner;
    private final String containerPath;
    final List<ToolCommand> launched = new CopyOnWriteArrayList<>();

    ContainerDecorator(final ToolLauncher inner, final String containerPath) {
        this.inner = inner;
        this.containerPath = containerPath;
    }

    @Override
    public LaunchedTool start(final ToolCommand command) throws IOException, InterruptedException {
        launched.add(command);
        Map<String, String> environment = new TreeMap<>(command.environment());
        environment.put("PATH", containerPath);
        return inner.start(new ToolCommand(command.command(), command.workingDir(), environment));
    }
}
