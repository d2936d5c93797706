package io.stackdrift.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;

/**
 * The account this process runs as, as the file system names owners: the owner of a file it has just made (a user
 * name can be missing or wrong in a container that runs under a bare uid; what the process creates never is). Found
 * once per JVM; empty when neither the temporary directory takes a file nor the name can be looked up, and then a
 * sweep of what others could have made deletes nothing ({@link Directories#sweep}).
 */
final class ThisUser {
    private ThisUser() {
    }

    static Optional<UserPrincipal> get() {
        return Holder.VALUE;
    }

    private static final class Holder {
        static final Optional<UserPrincipal> VALUE = find();

        private static Optional<UserPrincipal> find() {
            Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
            try {
                // a probe made and removed at once: its owner is this process's user, whatever it is called
                Path probe = Files.createTempFile(tmp, ".stackdrift-owner-", ".probe");
                try {
                    return Optional.of(Files.getOwner(probe, LinkOption.NOFOLLOW_LINKS));
                } finally {
                    Files.deleteIfExists(probe);
                }
            } catch (IOException | UnsupportedOperationException e) {
                try {
                    return Optional.of(tmp.getFileSystem().getUserPrincipalLookupService()
                            .lookupPrincipalByName(System.getProperty("user.name")));
                } catch (IOException | UnsupportedOperationException again) {
                    return Optional.empty();
                }
            }
        }
    }
}
