package io.jenkins.plugins.stackdrift.credentials;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The credentials ids a step may bind, from lists written on the controller only: the step's
 * {@code allowedCredentials} (the Jenkinsfile), the folders' Stack Drift settings and the global one (an
 * administrator). The lists add up: an id any of them names may be bound; an id none names is never looked up, and
 * nothing listed anywhere binds nothing. A Jenkinsfile can bind any credential its job sees with
 * {@code withCredentials} already, so the step's list gives it nothing new; what a {@code stacks.yaml} (read on the
 * agent) maps is bound only where one of these lists agrees.
 */
public final class AllowedCredentials {
    private final List<String> step;
    private final List<String> global;
    private final List<FolderList> folders;

    /** One folder's list, named by the folder's full name. */
    public record FolderList(String folder, List<String> ids) {
        public FolderList {
            Objects.requireNonNull(folder, "folder");
            ids = List.copyOf(new TreeSet<>(ids));
        }
    }

    private AllowedCredentials(final Collection<String> step, final Collection<String> global, final List<FolderList> folders) {
        this.step = List.copyOf(new TreeSet<>(step));
        this.global = List.copyOf(new TreeSet<>(global));
        this.folders = List.copyOf(folders);
    }

    /**
     * @param step    the step's {@code allowedCredentials}
     * @param global  Manage Jenkins → System → Stack Drift's list
     * @param folders the lists of the folders around the job, nearest first
     */
    public static AllowedCredentials of(final Collection<String> step, final Collection<String> global,
            final List<FolderList> folders) {
        return new AllowedCredentials(step, global, folders);
    }

    /** No list names anything: nothing is bound. */
    public static AllowedCredentials none() {
        return new AllowedCredentials(List.of(), List.of(), List.of());
    }

    /** The id as a list names it, when one does; empty when none does (then {@link #refusal} says why). */
    public Optional<AllowedId> admit(final String requested) {
        List<List<String>> lists = new ArrayList<>();
        lists.add(step);
        folders.forEach(folder -> lists.add(folder.ids()));
        lists.add(global);
        for (List<String> list : lists) {
            for (String id : list) {
                if (id.equals(requested)) {
                    return Optional.of(new AllowedId(id));
                }
            }
        }
        return Optional.empty();
    }

    /** Why {@code requested} is not bound: the id, each list with what it names, and how to add it. */
    public String refusal(final String requested) {
        List<String> lists = new ArrayList<>();
        lists.add("the step's allowedCredentials: " + shown(step));
        folders.forEach(folder -> lists.add("folder " + folder.folder() + ": " + shown(folder.ids())));
        lists.add("Manage Jenkins \u2192 System \u2192 Stack Drift: " + shown(global));
        return Messages.credentialsNotListed(requested, String.join("; ", lists));
    }

    private static String shown(final List<String> ids) {
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }

    @Override
    public String toString() {
        return "AllowedCredentials[step=" + step + ", folders=" + folders + ", global=" + global + "]";
    }
}
