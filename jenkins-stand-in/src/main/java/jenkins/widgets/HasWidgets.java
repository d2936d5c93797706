package jenkins.widgets;

public interface HasWidgets {
}
