package org.springframework.security.access;

/** Spring Security's (third-party, unchecked): only so that AccessControlled's throws clause matches. */
public class AccessDeniedException extends RuntimeException {
    public AccessDeniedException(String msg) {
        super(msg);
    }
}
