package hudson.model;

import java.io.PrintStream;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.jenkinsci.remoting.SerializableOnlyOverRemoting;

public interface TaskListener extends SerializableOnlyOverRemoting {
    @NonNull
    PrintStream getLogger();
}
