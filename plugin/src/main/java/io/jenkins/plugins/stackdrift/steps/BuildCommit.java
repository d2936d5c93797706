package io.jenkins.plugins.stackdrift.steps;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import hudson.model.Run;
import hudson.scm.SCM;
import jenkins.triggers.SCMTriggerItem;

/**
 * The revision a build's checkouts report, for the pin of a job that is not a branch of an SCM source: each SCM of the
 * job (for a Pipeline, its definition's and those of its last checkouts) says what it checked out in this build through
 * {@link SCM#buildEnvironment} (the git plugin: {@code GIT_COMMIT} from its {@code BuildData} of the build). Several
 * distinct revisions are all kept, sorted and comma-separated: a change to any of them asks for a new approval.
 * Compiled here, run only in a real Jenkins.
 */
final class BuildCommit {
    /** The variables SCM plugins set to the revision they checked out. */
    static final List<String> REVISION_VARIABLES = List.of("GIT_COMMIT", "MERCURIAL_REVISION", "SVN_REVISION");

    private BuildCommit() {
    }

    /** The build's checked-out revision(s); empty when no SCM of the job says. */
    static String of(final Run<?, ?> run) {
        SCMTriggerItem item = SCMTriggerItem.SCMTriggerItems.asSCMTriggerItem(run.getParent());
        if (item == null) {
            return "";
        }
        Set<String> revisions = new TreeSet<>();
        for (SCM scm : item.getSCMs()) {
            Map<String, String> environment = new HashMap<>();
            scm.buildEnvironment(run, environment);
            revisions.addAll(revisionsIn(environment));
        }
        return String.join(",", revisions);
    }

    /** The revisions an SCM's variables name. */
    static Set<String> revisionsIn(final Map<String, String> environment) {
        Set<String> revisions = new TreeSet<>();
        for (String variable : REVISION_VARIABLES) {
            String value = environment.get(variable);
            if (value != null && !value.isBlank()) {
                revisions.add(value.strip());
            }
        }
        return revisions;
    }
}
