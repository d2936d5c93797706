package org.jenkins.ui.icon;

public interface IconSpec {
}
