package io.jenkins.plugins.casc;

import edu.umd.cs.findbugs.annotations.CheckForNull;

public class ConfiguratorException extends RuntimeException {
    public ConfiguratorException(@CheckForNull String message) {
    }
}
