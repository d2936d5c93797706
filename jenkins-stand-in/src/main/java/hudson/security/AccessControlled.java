package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.springframework.security.access.AccessDeniedException;

public interface AccessControlled {
    default void checkPermission(@NonNull Permission permission) throws AccessDeniedException {
        throw new UnsupportedOperationException();
    }

    default boolean hasPermission(@NonNull Permission permission) {
        throw new UnsupportedOperationException();
    }
}
