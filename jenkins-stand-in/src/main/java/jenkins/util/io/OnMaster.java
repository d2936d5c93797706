package jenkins.util.io;

public interface OnMaster {
}
