package io.jenkins.plugins.stackdrift.agent;

import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The mark every tool process carries in its environment, as durable-task marks the {@code sh} step's: Jenkins'
 * process killers find processes by it ({@code Launcher.kill(Map)}, which on a plain agent is core's
 * {@code ProcessTree.killAll}, inside {@code container()} a search of {@code /proc/PID/environ} in the container,
 * inside {@code docker.inside} a {@code ps} in the container). One per launch, so a kill stops that tool and the
 * processes it started (providers, plugins) and nothing else.
 *
 * @param value {@code stack-drift-} and a random UUID: no {@code $}, so the launcher's expansion leaves it alone, and
 *              never a prefix of another (the container step's search matches a prefix)
 */
public record ToolCookie(String value) {
    /** The variable the killers read (its name is Jenkins', kept since 1.x). */
    public static final String VARIABLE = "JENKINS_SERVER_COOKIE";
    private static final Pattern FORM = Pattern.compile("stack-drift-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    public ToolCookie {
        if (value == null || !FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("not a Stack Drift tool cookie: " + value);
        }
    }

    /** A new cookie for one launch. */
    public static ToolCookie next() {
        return new ToolCookie("stack-drift-" + UUID.randomUUID());
    }

    /** The variables a kill looks for: {@code Launcher.kill(Map)} takes them in this form. */
    public Map<String, String> variables() {
        return Map.of(VARIABLE, value);
    }
}
