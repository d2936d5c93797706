package jenkins.console;

public interface WithConsoleUrl {
}
