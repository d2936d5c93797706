package hudson.remoting;

interface IChannel {
    Object getProperty(Object key);

    Object waitForProperty(Object key) throws InterruptedException;
}
