package org.jvnet.hudson.test;

import java.util.Set;

import hudson.security.AuthorizationStrategy;
import hudson.security.Permission;

public class MockAuthorizationStrategy extends AuthorizationStrategy {
    public MockAuthorizationStrategy() {}

    public Grant grant(Permission... permissions) {
        throw new UnsupportedOperationException();
    }

    public class Grant {
        Grant(Set<Permission> permissions) {
        }

        public GrantOn everywhere() {
            throw new UnsupportedOperationException();
        }

        public class GrantOn {
            GrantOn(String regexp) {
            }

            public MockAuthorizationStrategy to(String... sids) {
                throw new UnsupportedOperationException();
            }
        }
    }
}
