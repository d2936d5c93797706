package hudson.model;

import java.io.PrintStream;
import java.io.Serializable;

import edu.umd.cs.findbugs.annotations.NonNull;

public interface TaskListener extends Serializable {
    @NonNull
    PrintStream getLogger();
}
