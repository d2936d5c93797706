package io.jenkins.plugins.stackdrift;

import java.util.ArrayList;
import java.util.List;

/** A list of ids whose text is one per line, as the setters read a form's text area back. */
final class IdLines extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    IdLines(final List<String> ids) {
        super(ids);
    }

    @Override
    public String toString() {
        return String.join("\n", this);
    }
}
