package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.List;

import hudson.model.Run;
import hudson.scm.ChangeLogSet;
import hudson.triggers.SCMTrigger;
import io.jenkins.plugins.stackdrift.trigger.ScheduledDriftCheckCause;
import jenkins.scm.RunWithSCM;

import io.stackdrift.model.StartedBy;

/** What started a build, as a step's request says it: who or what, in words, and for a push the files it changed. */
final class RunCauses {
    private RunCauses() {
    }

    /**
     * The drift schedule, else a push (an SCM change started the build: polling, the git plugin's
     * notifyCommit, GitHub's push hook all use {@link SCMTrigger.SCMTriggerCause}), else a person.
     */
    static StartedBy startedBy(final Run<?, ?> run) {
        if (run.getCause(ScheduledDriftCheckCause.class) != null) {
            return StartedBy.SCHEDULE;
        }
        return run.getCause(SCMTrigger.SCMTriggerCause.class) != null ? StartedBy.PUSH : StartedBy.MANUAL;
    }

    /** The files the build's change sets touched (a Pipeline's {@code checkout scm} records them). */
    static List<String> changedFiles(final Run<?, ?> run) {
        List<String> files = new ArrayList<>();
        if (run instanceof RunWithSCM<?, ?> withScm) {
            for (ChangeLogSet<? extends ChangeLogSet.Entry> set : withScm.getChangeSets()) {
                for (ChangeLogSet.Entry entry : set) {
                    files.addAll(entry.getAffectedPaths());
                }
            }
        }
        return files;
    }

    /** The build's causes in words, as the record's cause. */
    static String words(final Run<?, ?> run) {
        List<String> words = new ArrayList<>();
        run.getCauses().forEach(c -> words.add(c.getShortDescription()));
        return String.join("; ", words);
    }
}
