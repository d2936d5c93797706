package hudson.security;

public final class Permission {
}
