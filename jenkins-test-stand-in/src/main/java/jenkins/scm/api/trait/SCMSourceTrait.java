package jenkins.scm.api.trait;

import hudson.model.AbstractDescribableImpl;

// an SCMTrait<SCMSourceTrait> (lenient supertypes: the stand-in names the indirect supertype)
public abstract class SCMSourceTrait extends AbstractDescribableImpl<SCMSourceTrait> {
}
