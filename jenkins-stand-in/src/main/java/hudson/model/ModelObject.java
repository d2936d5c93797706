package hudson.model;

public interface ModelObject {
    String getDisplayName();
}
