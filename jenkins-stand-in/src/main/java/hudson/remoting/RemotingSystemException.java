package hudson.remoting;

class RemotingSystemException extends RuntimeException {
    RemotingSystemException(Throwable cause) {
        super(cause);
    }

    RemotingSystemException(String message, Throwable cause) {
        super(message, cause);
    }
}
