package hudson.model.labels;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Label;
import hudson.model.Saveable;

public class LabelAtom extends Label implements Saveable {
    public LabelAtom(@NonNull String name) {
        super(name);
    }

    public void save() throws IOException {
        throw new UnsupportedOperationException();
    }
}
