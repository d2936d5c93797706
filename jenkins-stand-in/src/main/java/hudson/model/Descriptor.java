package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import jenkins.model.Loadable;
import jenkins.util.io.OnMaster;
import org.kohsuke.stapler.HttpResponse;

public abstract class Descriptor<T extends Describable<T>> implements Loadable, Saveable, OnMaster {
    protected Descriptor() {
    }

    @NonNull
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    public synchronized void save() {
        throw new UnsupportedOperationException();
    }

    public synchronized void load() {
        throw new UnsupportedOperationException();
    }

    public static final class FormException extends Exception implements HttpResponse {
        public FormException(String message, String formField) {
        }

        public String getFormField() {
            throw new UnsupportedOperationException();
        }
    }
}
