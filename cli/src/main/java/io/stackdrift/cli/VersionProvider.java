package io.stackdrift.cli;

import picocli.CommandLine;

/** The version from the jar manifest (the build's version). */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"stackdrift " + (version == null ? "(development build)" : version)};
    }
}
