package io.stackdrift.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;

/** Files given to another account ({@code nobody}), as a second user on a shared host would own them: needs root. */
public final class OtherAccount {
    private OtherAccount() {
    }

    /** Gives each path (a link itself, not its target) to {@code nobody}; false when this process may not. */
    public static boolean give(final Path... paths) {
        try {
            UserPrincipal nobody = paths[0].getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            for (Path path : paths) {
                Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setOwner(nobody);
            }
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
