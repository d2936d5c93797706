package io.jenkins.plugins.casc.misc;

import org.jvnet.hudson.test.JenkinsRule;

// a JenkinsConfiguredRule (lenient supertypes: the stand-in names the indirect supertype)
public class JenkinsConfiguredWithCodeRule extends JenkinsRule {
}
