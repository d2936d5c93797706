package jenkins.scm.api.mixin;

public enum ChangeRequestCheckoutStrategy {
    HEAD,
    MERGE
}
