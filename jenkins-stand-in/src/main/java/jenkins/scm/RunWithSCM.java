package jenkins.scm;

import java.util.List;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Job;
import hudson.model.Run;
import hudson.scm.ChangeLogSet;

public interface RunWithSCM<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT> & RunWithSCM<JobT, RunT>> {
    @NonNull
    List<ChangeLogSet<? extends ChangeLogSet.Entry>> getChangeSets();
}
