package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import hudson.Launcher;
import org.junit.jupiter.api.Test;

/** What the gateway checks before anything reaches the agent (the FilePath work itself runs only in a real Jenkins). */
class AgentEngineGatewayTest {
    @Test
    void aWindowsLauncherFailsTheStepAtOnceWithWhatToDo() {
        Launcher windows = mock(Launcher.class);
        when(windows.isUnix()).thenReturn(false);
        assertThatThrownBy(() -> AgentEngineGateway.usableLauncher(windows)).isInstanceOf(AbortException.class)
                .hasMessageContaining("through sh").hasMessageContaining("Windows agents are not supported");
    }

    @Test
    void aStepWithoutALauncherFailsWithAMessage() {
        assertThatThrownBy(() -> AgentEngineGateway.usableLauncher(null)).isInstanceOf(AbortException.class)
                .hasMessageContaining("no launcher");
    }

    @Test
    void aUnixLauncherIsTheOneToolsStartThrough() throws Exception {
        Launcher unix = mock(Launcher.class);
        when(unix.isUnix()).thenReturn(true);
        assertThat(AgentEngineGateway.usableLauncher(unix)).isSameAs(unix);
    }
}
