package hudson.model;

public interface ResourceActivity extends ModelObject {
}
