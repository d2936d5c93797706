package io.stackdrift.tool;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.model.Change;
import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanSummary;

/**
 * A stand-in for the plan readers in adapter tests: it answers with a prepared summary and records what it
 * was asked to read. Like a real reader it never throws: a file that is not whole JSON gives a failure.
 */
final class CannedPlanReading implements PlanReading {
    record Request(Tool tool, PlanPurpose purpose, Path file) {
    }

    private final ObjectMapper json = new ObjectMapper();
    private final List<Request> requests = new ArrayList<>();
    private PlanSummary answer = summary(List.of(), List.of(), List.of());

    static PlanSummary summary(final List<Change> changes, final List<Change> drift, final List<String> stackReferences) {
        return new PlanSummary(false, "", changes, drift, Map.of(), stackReferences, "1.9.5");
    }

    CannedPlanReading answer(final PlanSummary summary) {
        this.answer = summary;
        return this;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    @Override
    public synchronized PlanSummary read(final Tool tool, final PlanPurpose purpose, final Path file) {
        requests.add(new Request(tool, purpose, file));
        try {
            json.readTree(file.toFile());
        } catch (IOException e) {
            return PlanSummary.failure("the file is truncated or not JSON");
        }
        return answer;
    }
}
