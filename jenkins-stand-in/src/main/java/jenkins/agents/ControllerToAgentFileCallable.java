package jenkins.agents;

import hudson.FilePath;
import org.jenkinsci.remoting.RoleChecker;

public interface ControllerToAgentFileCallable<T> extends FilePath.FileCallable<T> {
    @Override
    default void checkRoles(RoleChecker checker) throws SecurityException {
        throw new UnsupportedOperationException();
    }
}
