package hudson.model;

import hudson.security.AccessControlled;
import org.kohsuke.stapler.StaplerFallback;
import org.kohsuke.stapler.StaplerProxy;

public abstract class AbstractCIBase extends Node implements ItemGroup<TopLevelItem>, StaplerProxy, StaplerFallback, ViewGroup,
        AccessControlled, DescriptorByNameOwner {
}
