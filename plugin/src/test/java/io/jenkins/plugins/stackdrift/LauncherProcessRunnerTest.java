package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyMap;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

import hudson.FilePath;
import hudson.Launcher;
import hudson.Proc;
import hudson.model.TaskListener;
import io.stackdrift.tool.ProcessResult;
import io.stackdrift.tool.ProcessSpec;

class LauncherProcessRunnerTest {
    @TempDir
    Path dir;

    private final Launcher launcher = mock(Launcher.class);
    private final Launcher.ProcStarter starter = mock(Launcher.ProcStarter.class);
    private final Proc proc = mock(Proc.class);
    private final TaskListener listener = mock(TaskListener.class);
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @BeforeEach
    void wire() throws Exception {
        when(launcher.launch()).thenReturn(starter);
        when(starter.cmds(any(List.class))).thenReturn(starter);
        when(starter.pwd(any(FilePath.class))).thenReturn(starter);
        when(starter.envs(anyMap())).thenReturn(starter);
        when(starter.stdout(any(OutputStream.class))).thenReturn(starter);
        when(starter.stderr(any(OutputStream.class))).thenReturn(starter);
        when(starter.start()).thenReturn(proc);
        when(listener.getLogger()).thenReturn(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private ProcessSpec spec(final Map<String, String> env) {
        return new ProcessSpec(List.of("tofu", "plan", "-input=false"), dir, env, Duration.ofMinutes(5), dir.resolve("plan.out"));
    }

    @Test
    void escapesDollarsSoLauncherDoesNotExpandSecrets() {
        assertThat(LauncherProcessRunner.escapeForLauncher(Map.of("TOKEN", "a$b${HOME}$$", "PLAIN", "x")))
                .containsEntry("TOKEN", "a$$b$${HOME}$$$$")
                .containsEntry("PLAIN", "x");
    }

    @Test
    void passesEscapedEnvironmentAndKeepsStdoutAndStderrApart() throws Exception {
        when(proc.joinWithTimeout(anyLong(), any(TimeUnit.class), any(TaskListener.class))).thenAnswer(invocation -> {
            return 2;
        });
        ProcessResult result = new LauncherProcessRunner(launcher, listener).run(spec(Map.of("AWS_SECRET", "x$y")));

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.timedOut()).isFalse();
        assertThat(result.notFound()).isFalse();
        assertThat(Files.exists(dir.resolve("plan.out"))).isTrue();
        @SuppressWarnings("unchecked")
        ArgumentCaptor<Map<String, String>> env = ArgumentCaptor.forClass(Map.class);
        verify(starter).envs(env.capture());
        assertThat(env.getValue()).containsExactly(Map.entry("AWS_SECRET", "x$$y"));
        ArgumentCaptor<OutputStream> out = ArgumentCaptor.forClass(OutputStream.class);
        ArgumentCaptor<OutputStream> err = ArgumentCaptor.forClass(OutputStream.class);
        verify(starter).stdout(out.capture());
        verify(starter).stderr(err.capture());
        assertThat(out.getValue()).isNotSameAs(err.getValue());
        verify(starter).cmds(List.of("tofu", "plan", "-input=false"));
    }

    @Test
    void stderrGoesToTheConsoleAndItsTailIntoTheResult() throws Exception {
        ArgumentCaptor<OutputStream> err = ArgumentCaptor.forClass(OutputStream.class);
        when(starter.stderr(err.capture())).thenReturn(starter);
        when(proc.joinWithTimeout(anyLong(), any(TimeUnit.class), any(TaskListener.class))).thenAnswer(invocation -> {
            err.getValue().write("Error: Invalid provider configuration\n".getBytes(StandardCharsets.UTF_8));
            return 1;
        });
        ProcessResult result = new LauncherProcessRunner(launcher, listener).run(spec(Map.of()));
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderrTail()).isEqualTo("Error: Invalid provider configuration\n");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("Error: Invalid provider configuration");
    }

    @Test
    void aToolThatCannotStartIsNotFoundWithTheFirstLine() throws Exception {
        when(starter.start()).thenThrow(new IOException("Cannot run program \"tofu\": error=2\nmore"));
        ProcessResult result = new LauncherProcessRunner(launcher, listener).run(spec(Map.of()));
        assertThat(result.notFound()).isTrue();
        assertThat(result.stderrTail()).isEqualTo("Cannot run program \"tofu\": error=2");
    }

    @Test
    void anInterruptReachesTheCaller() throws Exception {
        when(proc.joinWithTimeout(anyLong(), any(TimeUnit.class), any(TaskListener.class)))
                .thenThrow(new InterruptedException("aborted"));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> new LauncherProcessRunner(launcher, listener).run(spec(Map.of())))
                .isInstanceOf(InterruptedException.class);
    }
}
