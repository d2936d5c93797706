package hudson.remoting;

public interface VirtualChannel {
}
