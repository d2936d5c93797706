package io.jenkins.plugins.stackdrift.trigger;

import java.util.ArrayList;
import java.util.List;

import hudson.security.SecurityRealm;
import io.jenkins.plugins.stackdrift.JenkinsFacade;
import jenkins.model.IdStrategy;
import jenkins.model.Jenkins;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/** The current request's user, as pipeline-input-step's {@code canSettle} reads them. Compiled here, run in Jenkins only. */
public final class JenkinsApprover implements Approver {
    private final String id;
    private final List<String> groups;
    private final boolean administers;
    private final boolean securityOn;
    private final IdStrategy users;
    private final IdStrategy groupNames;

    private JenkinsApprover(final String id, final List<String> groups, final boolean administers, final boolean securityOn,
            final IdStrategy users, final IdStrategy groupNames) {
        this.id = id;
        this.groups = List.copyOf(groups);
        this.administers = administers;
        this.securityOn = securityOn;
        this.users = users;
        this.groupNames = groupNames;
    }

    /** The user of the current request (or thread). */
    public static JenkinsApprover current() {
        Authentication authentication = Jenkins.getAuthentication2();
        List<String> groups = new ArrayList<>();
        for (GrantedAuthority authority : authentication.getAuthorities()) {
            groups.add(authority.getAuthority());
        }
        SecurityRealm realm = JenkinsFacade.securityRealm();
        return new JenkinsApprover(authentication.getName(), groups, JenkinsFacade.administers(), JenkinsFacade.usesSecurity(),
                realm.getUserIdStrategy(), realm.getGroupIdStrategy());
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public List<String> groups() {
        return groups;
    }

    @Override
    public boolean administers() {
        return administers;
    }

    @Override
    public boolean securityOn() {
        return securityOn;
    }

    @Override
    public boolean sameUser(final String a, final String b) {
        return users.equals(a.trim(), b.trim());
    }

    @Override
    public boolean sameGroup(final String a, final String b) {
        return groupNames.equals(a.trim(), b.trim());
    }
}
