package org.springframework.security.core;

import java.io.Serializable;
import java.security.Principal;
import java.util.Collection;

/** Spring Security's (third-party, unchecked): the current user as JenkinsApprover reads them. */
public interface Authentication extends Principal, Serializable {
    Collection<? extends GrantedAuthority> getAuthorities();
}
