package io.jenkins.plugins.stackdrift.credentials;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.UUID;

import hudson.FilePath;

/**
 * Secret files in a private directory beside the workspace ({@code ws@tmp}, like credentials-binding),
 * deleted when the step ends. The name keeps the credential's file name so tools that look at the
 * extension still work.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it deletes files on the agent through FilePath
public final class WorkspaceSecretFiles implements SecretFileWriter, AutoCloseable {
    private final FilePath directory;

    public WorkspaceSecretFiles(final FilePath tempRoot) {
        this.directory = tempRoot.child("stack-drift-secrets-" + UUID.randomUUID());
    }

    @Override
    public String write(final String credentialsId, final String fileName, final InputStream content)
            throws IOException, InterruptedException {
        FilePath holder = directory.child(UUID.randomUUID().toString());
        holder.mkdirs();
        directory.chmod(0700);
        FilePath file = holder.child(new File(fileName).getName());
        file.copyFrom(content);
        file.chmod(0400);
        return file.getRemote();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (directory.exists()) {
            directory.deleteRecursive();
        }
    }
}
