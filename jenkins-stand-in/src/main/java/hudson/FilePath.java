package hudson;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import org.jenkinsci.remoting.RoleSensitive;
import org.jenkinsci.remoting.SerializableOnlyOverRemoting;

public final class FilePath implements SerializableOnlyOverRemoting {
    public FilePath(@CheckForNull VirtualChannel channel, @NonNull String remote) {
    }

    public FilePath(@NonNull File localPath) {
    }

    public VirtualChannel getChannel() {
        throw new UnsupportedOperationException();
    }

    public String getRemote() {
        throw new UnsupportedOperationException();
    }

    public String getName() {
        throw new UnsupportedOperationException();
    }

    @CheckForNull
    public FilePath getParent() {
        throw new UnsupportedOperationException();
    }

    public @NonNull FilePath child(String relOrAbsolute) {
        throw new UnsupportedOperationException();
    }

    public List<FilePath> listDirectories() throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public boolean exists() throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void mkdirs() throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public boolean delete() throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void deleteRecursive() throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void chmod(final int mask) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void write(final String content, final String encoding) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void renameTo(final FilePath target) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void copyFrom(InputStream in) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public void copyTo(OutputStream os) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public Launcher createLauncher(TaskListener listener) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public <T> T act(final FileCallable<T> callable) throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public interface FileCallable<T> extends Serializable, RoleSensitive {
        T invoke(File f, VirtualChannel channel) throws IOException, InterruptedException;
    }
}
