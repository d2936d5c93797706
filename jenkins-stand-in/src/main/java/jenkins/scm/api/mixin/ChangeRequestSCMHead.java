package jenkins.scm.api.mixin;

public interface ChangeRequestSCMHead extends SCMHeadMixin {
}
