package hudson.model;

public interface StatusIcon {
}
