package jenkins.scm.api.mixin;

import java.io.Serializable;

import jenkins.scm.api.SCMHead;

public interface SCMHeadMixin extends Comparable<SCMHead>, Serializable {
}
