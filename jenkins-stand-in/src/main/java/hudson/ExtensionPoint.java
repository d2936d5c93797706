package hudson;

public interface ExtensionPoint {
}
