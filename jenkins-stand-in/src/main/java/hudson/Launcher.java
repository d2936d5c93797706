package hudson;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.TaskListener;

public abstract class Launcher {
    @NonNull
    public final ProcStarter launch() {
        throw new UnsupportedOperationException();
    }

    public final class ProcStarter {
        public ProcStarter cmds(String... args) {
            throw new UnsupportedOperationException();
        }

        public ProcStarter cmds(List<String> args) {
            throw new UnsupportedOperationException();
        }

        public List<String> cmds() {
            throw new UnsupportedOperationException();
        }

        public ProcStarter quiet(boolean quiet) {
            throw new UnsupportedOperationException();
        }

        public ProcStarter pwd(@CheckForNull FilePath workDir) {
            throw new UnsupportedOperationException();
        }

        public ProcStarter stdout(@CheckForNull OutputStream out) {
            throw new UnsupportedOperationException();
        }

        public ProcStarter stderr(@CheckForNull OutputStream err) {
            throw new UnsupportedOperationException();
        }

        public ProcStarter envs(@NonNull Map<String, String> overrides) {
            throw new UnsupportedOperationException();
        }

        public Proc start() throws IOException {
            throw new UnsupportedOperationException();
        }
    }

    public boolean isUnix() {
        throw new UnsupportedOperationException();
    }

    public abstract Proc launch(@NonNull ProcStarter starter) throws IOException;

    public abstract void kill(Map<String, String> modelEnvVars) throws IOException, InterruptedException;

    public static class LocalLauncher extends Launcher {
        public LocalLauncher(@NonNull TaskListener listener) {
        }

        @Override
        public Proc launch(ProcStarter ps) throws IOException {
            throw new UnsupportedOperationException();
        }

        @Override
        public void kill(Map<String, String> modelEnvVars) throws InterruptedException {
            throw new UnsupportedOperationException();
        }
    }

    public static class DecoratedLauncher extends Launcher {
        public DecoratedLauncher(@NonNull Launcher inner) {
        }

        @Override
        public Proc launch(ProcStarter starter) throws IOException {
            throw new UnsupportedOperationException();
        }

        @Override
        public void kill(Map<String, String> modelEnvVars) throws IOException, InterruptedException {
            throw new UnsupportedOperationException();
        }
    }
}
