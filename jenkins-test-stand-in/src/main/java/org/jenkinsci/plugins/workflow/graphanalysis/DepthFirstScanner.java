package org.jenkinsci.plugins.workflow.graphanalysis;

import java.util.Collection;
import java.util.List;

import com.google.common.base.Predicate;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import org.jenkinsci.plugins.workflow.flow.FlowExecution;
import org.jenkinsci.plugins.workflow.graph.FlowNode;

public class DepthFirstScanner {
    public List<FlowNode> filteredNodes(@CheckForNull Collection<FlowNode> heads, @NonNull Predicate<FlowNode> matchPredicate) {
        throw new UnsupportedOperationException();
    }

    public List<FlowNode> filteredNodes(@CheckForNull FlowNode head, @NonNull Predicate<FlowNode> matchPredicate) {
        throw new UnsupportedOperationException();
    }

    public List<FlowNode> filteredNodes(@CheckForNull FlowExecution exec, @NonNull Predicate<FlowNode> matchPredicate) {
        throw new UnsupportedOperationException();
    }
}
