package io.jenkins.plugins.casc;

public class ConfigurationContext implements ConfiguratorRegistry {
    public ConfigurationContext(ConfiguratorRegistry registry) {
    }
}
