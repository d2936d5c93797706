package hudson.remoting;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutorService;

public class Channel implements VirtualChannel, IChannel, Closeable {
    public Channel(String name, ExecutorService exec, InputStream is, OutputStream os) throws IOException {
        throw new UnsupportedOperationException();
    }

    @Override
    public <T> T export(Class<T> type, T instance) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object getProperty(Object key) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object waitForProperty(Object key) throws InterruptedException {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() throws IOException {
        throw new UnsupportedOperationException();
    }

    public void addListener(Listener l) {
        throw new UnsupportedOperationException();
    }

    public boolean removeListener(Listener l) {
        throw new UnsupportedOperationException();
    }

    public abstract static class Listener {
        public void onClosed(Channel channel, IOException cause) {
        }
    }
}
