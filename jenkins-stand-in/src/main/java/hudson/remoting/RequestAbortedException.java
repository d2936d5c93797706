package hudson.remoting;

public class RequestAbortedException extends RemotingSystemException {
    public RequestAbortedException(Throwable cause) {
        super(cause);
    }
}
