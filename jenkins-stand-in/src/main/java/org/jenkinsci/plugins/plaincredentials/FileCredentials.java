package org.jenkinsci.plugins.plaincredentials;

import java.io.IOException;
import java.io.InputStream;

import com.cloudbees.plugins.credentials.common.StandardCredentials;
import edu.umd.cs.findbugs.annotations.NonNull;

public interface FileCredentials extends StandardCredentials {
    @NonNull
    String getFileName();

    @NonNull
    InputStream getContent() throws IOException;
}
