package hudson.util;

import java.util.ArrayList;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.kohsuke.stapler.HttpResponse;

public class ListBoxModel extends ArrayList<ListBoxModel.Option> implements HttpResponse {
    public ListBoxModel() {
    }

    public void add(@NonNull String displayName, @NonNull String value) {
        throw new UnsupportedOperationException();
    }

    public static final class Option {
        public Option(@NonNull String name, @NonNull String value) {
        }
    }
}
