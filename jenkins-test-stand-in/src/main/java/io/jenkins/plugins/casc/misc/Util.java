package io.jenkins.plugins.casc.misc;

import java.io.IOException;

import io.jenkins.plugins.casc.ConfigurationContext;
import io.jenkins.plugins.casc.model.CNode;
import io.jenkins.plugins.casc.model.Mapping;

public class Util {
    public static Mapping getUnclassifiedRoot(ConfigurationContext context) throws Exception {
        throw new UnsupportedOperationException();
    }

    public static String toYamlString(CNode rootNode) throws IOException {
        throw new UnsupportedOperationException();
    }
}
