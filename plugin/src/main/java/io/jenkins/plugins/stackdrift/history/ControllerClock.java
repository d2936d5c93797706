package io.jenkins.plugins.stackdrift.history;

import java.time.Clock;
import java.time.Duration;

/**
 * Every time the plugin records (run start and end, trail entries, due times, deploy markers) comes from the
 * controller's clock, where the job's history lives: an agent's wall clock may be off. A call to an agent carries the
 * controller's time when it was made; on arrival the agent's clock is shifted by the difference (the time the call
 * travelled is not counted: milliseconds against skews of minutes).
 */
public final class ControllerClock {
    private ControllerClock() {
    }

    /** The controller's time now, on the controller. */
    public static long nowMillis() {
        return System.currentTimeMillis();
    }

    /** On an agent, when a call made on the controller at {@code controllerMillis} arrives: the controller's clock. */
    public static Clock sentAt(final long controllerMillis) {
        Clock agent = Clock.systemUTC();
        return Clock.offset(agent, Duration.ofMillis(controllerMillis - agent.millis()));
    }
}
