package hudson.model;

import org.jenkinsci.remoting.SerializableOnlyOverRemoting;

import java.io.PrintStream;

import edu.umd.cs.findbugs.annotations.NonNull;

public interface TaskListener extends SerializableOnlyOverRemoting {
    @NonNull
    PrintStream getLogger();
}
