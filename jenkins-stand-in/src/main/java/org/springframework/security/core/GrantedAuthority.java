package org.springframework.security.core;

import java.io.Serializable;

/** Spring Security's (third-party, unchecked): what JenkinsApprover reads of a user's groups. */
public interface GrantedAuthority extends Serializable {
    String getAuthority();
}
