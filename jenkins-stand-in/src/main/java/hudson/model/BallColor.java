package hudson.model;

public enum BallColor implements StatusIcon {
    RED, YELLOW, BLUE, ABORTED, NOTBUILT
}
