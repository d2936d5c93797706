package hudson.model;

public enum BallColor {
    RED, YELLOW, BLUE, ABORTED, NOTBUILT
}
