package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.springframework.security.core.Authentication;

public abstract class ACL {
    public static final Authentication SYSTEM2 = null;

    public static ACLContext as2(@NonNull Authentication auth) {
        throw new UnsupportedOperationException();
    }
}
