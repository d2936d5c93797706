package io.jenkins.plugins.stackdrift.trigger;

import java.util.List;

/**
 * The user asking to approve or reject, as the security realm sees them: their id, their groups, whether they
 * administer Jenkins, whether security is on, and how the realm compares ids (case-insensitively by default).
 */
public interface Approver {
    /** The user id; empty for an anonymous user. */
    String id();

    /** The user's groups (the authentication's authorities). */
    List<String> groups();

    /** Whether the user may administer Jenkins (who, as for {@code input}, may approve whatever the list says). */
    boolean administers();

    /** Whether Jenkins has security on; without it, as for {@code input}, the approvers list is not enforced. */
    boolean securityOn();

    /** Whether two user ids name the same user, as the security realm compares them. */
    boolean sameUser(String a, String b);

    /** Whether two group names name the same group, as the security realm compares them. */
    boolean sameGroup(String a, String b);
}
