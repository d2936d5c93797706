package hudson.triggers;

import hudson.model.Cause;
import hudson.model.Item;

public class SCMTrigger extends Trigger<Item> {
    public SCMTrigger(String scmpoll_spec) {
        super(scmpoll_spec);
    }

    public static class SCMTriggerCause extends Cause {
        public SCMTriggerCause(String pollingLog) {
        }

        @Override
        public String getShortDescription() {
            throw new UnsupportedOperationException();
        }
    }
}
