package io.jenkins.plugins.casc;

// a ManagementLink (lenient supertypes: left out, the ITests do not use it as one)
public class ConfigurationAsCode {
    public void configure(String... configParameters) throws ConfiguratorException {
        throw new UnsupportedOperationException();
    }

    public static ConfigurationAsCode get() {
        throw new UnsupportedOperationException();
    }
}
