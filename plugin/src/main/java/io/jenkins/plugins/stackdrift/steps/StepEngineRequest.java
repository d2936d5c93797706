package io.jenkins.plugins.stackdrift.steps;

import java.util.List;
import java.util.Map;

import hudson.model.Run;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.EngineRequest;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;

import io.stackdrift.durable.StepRequest;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployChoice;
import io.stackdrift.model.StartedBy;

/** The engine request a step makes in its build, from its settings, the global defaults and what started the build. */
final class StepEngineRequest {
    private StepEngineRequest() {
    }

    /** The request but its plans' revision and the job's key of plan values, which the step run adds. */
    static StepRequest.Builder of(final Run<?, ?> run, final Operation operation, final StepSettings settings,
            final StackDriftGlobalConfiguration.Defaults defaults, final Map<String, String> buildEnvironment) {
        int parallelism = settings.parallelismOr(defaults.parallelism());
        if (parallelism < 0) {
            throw new IllegalArgumentException(Messages.invalidParallelism(parallelism));
        }
        StartedBy startedBy = RunCauses.startedBy(run);
        // an approval build's deploy is narrowed to the approved stacks once the selection is known
        boolean approvalBuild = StepApproval.applies(run, operation, settings.kind());
        Approval approval = approvalBuild ? Approval.GIVEN : settings.approval();
        // an approval build applies each approved stack only with the plan its approver saw
        ApprovalCause cause = approvalBuild ? run.getCause(ApprovalCause.class) : null;
        return StepRequest.builder(run.getId()).configFile(settings.config()).stacks(settings.stacks())
                .parallelism(parallelism).deploy(new DeployChoice(settings.mode(), approval, settings.kind()))
                .cause(RunCauses.words(run)).startedBy(startedBy)
                .changedFiles(startedBy == StartedBy.PUSH ? RunCauses.changedFiles(run) : List.of())
                .toolPaths(EngineRequest.toolsByWord(defaults.toolPaths())).buildEnvironment(buildEnvironment)
                .toolTimeout(settings.toolTimeoutOr(defaults.toolTimeout())).timing(settings.timing())
                .approvedPlans(cause == null ? Map.of() : cause.getPlans())
                .approvalSource(cause == null ? "" : "build #" + cause.getSourceBuild());
    }
}
