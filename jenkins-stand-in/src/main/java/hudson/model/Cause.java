package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

@ExportedBean
public abstract class Cause {
    @Exported(visibility = 3)
    public abstract String getShortDescription();

    public static class UserIdCause extends Cause {
        public UserIdCause() {
        }

        public UserIdCause(@CheckForNull String userId) {
        }

        @CheckForNull
        public String getUserId() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String getShortDescription() {
            throw new UnsupportedOperationException();
        }
    }
}
