package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;
import java.io.InputStream;

/** Writes the content of a secret file credential where the stack's processes can read it; returns its path. */
public interface SecretFileWriter {
    String write(String credentialsId, String fileName, InputStream content) throws IOException, InterruptedException;
}
