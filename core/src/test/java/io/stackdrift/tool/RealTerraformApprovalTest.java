package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.engine.EngineServices;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.SavingHost;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.local.FileStackLocks;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.model.Action;
import io.stackdrift.model.Approval;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.spi.DeployJournal;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.RealTerraform;
import io.stackdrift.testing.Requests;

/**
 * An approval's pin ({@link PlanDigest}) with a real Terraform: stack {@code net}, whose state output is changed
 * outside its code, and {@code app} (drift mode approve), which reads it through {@code terraform_remote_state} with
 * the local backend. The drift check's refresh-only plan lists app's output under drift, the approved deploy's normal
 * plan the same change under changes: the pin of the one must be the pin of the other, and a changed value with the
 * same shape must not be. Skipped where no {@code terraform} is installed.
 */
class RealTerraformApprovalTest {
    private static final String TERRAFORM = RealTerraform.locate().orElse(null);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ValueKey KEY = ValueKey.of("a job's key, for this test only".getBytes(StandardCharsets.UTF_8));
    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path dir;

    private Path repo;
    private Map<String, String> environment;
    private final List<String> progress = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void twoStacks() throws IOException {
        Assumptions.assumeTrue(TERRAFORM != null,
                "no terraform executable on PATH or at /usr/local/bin/terraform: the real-Terraform checks are skipped");
        Path cliConfig = Files.writeString(dir.resolve("empty.tfrc"), "");
        environment = Map.of("TF_CLI_CONFIG_FILE", cliConfig.toString(), "CHECKPOINT_DISABLE", "1");
        repo = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(repo.resolve("net"));
        Files.createDirectories(repo.resolve("app"));
        Files.writeString(repo.resolve("net/main.tf"), """
                output "cidr" {
                  value = "10.0.0.0/16"
                }
                """);
        Files.writeString(repo.resolve("app/main.tf"), """
                data "terraform_remote_state" "net" {
                  backend = "local"
                  config = {
                    path = "${path.module}/../net/terraform.tfstate"
                  }
                }
                output "net_cidr" {
                  value = data.terraform_remote_state.net.outputs.cidr
                }
                """);
        Files.writeString(repo.resolve("stacks.yaml"), """
                stacks:
                  - dir: net
                  - dir: app
                    dependsOn: [net]
                    drift:
                      mode: approve
                """);
    }

    @Test
    void theCheckThatFoundOutputDriftAndTheApprovedDeployPinTheSamePlanSoOneApprovalApplies() throws Exception {
        deployBoth();
        netOutputChangedOutsideTheCode("10.9.0.0/16");

        Row checked = awaitingAfterCheck();
        assertThat(checked.drift()).extracting(Change::action, Change::type, Change::paths, Change::cause)
                .containsExactly(tuple(Action.UPDATE, Change.OUTPUT, List.of("net_cidr"), Cause.DRIFT));
        assertThat(checked.drift().first(1).get(0).values()).hasSize(64);
        String pin = PlanDigest.of(checked, COMMIT);

        RunOutcome approved = host(Clock.offset(Clock.systemUTC(), Duration.ofHours(26))).deploy(approvedDeploy(pin, "3"));

        Row app = row(approved, "app");
        assertThat(app.state()).as(app.reason() + " " + progress).isEqualTo(RowState.IN_SYNC);
        assertThat(approved.run().orElseThrow().trail()).extracting(e -> e.stack().value(), TrailEntry::result)
                .containsExactly(tuple("app", TrailResult.DEPLOYED));
        assertThat(String.join("\n", progress)).doesNotContain("10.9.0.0", "10.0.0.0");
    }

    @Test
    void aValueChangedAfterTheApprovalWithTheSameShapeIsRefusedAndNothingIsApplied() throws Exception {
        deployBoth();
        netOutputChangedOutsideTheCode("10.9.0.0/16");
        String pin = PlanDigest.of(awaitingAfterCheck(), COMMIT);
        // the same output changes again: the same action, type, address and path, another value
        netOutputChangedOutsideTheCode("10.8.0.0/16");

        RunOutcome approved = host(Clock.offset(Clock.systemUTC(), Duration.ofHours(26))).deploy(approvedDeploy(pin, "3"));

        Row app = row(approved, "app");
        assertThat(app.state()).as(app.reason() + " " + progress).isEqualTo(RowState.AWAITING_APPROVAL);
        assertThat(app.reason()).isEqualTo("its plan differs from the one approved in build #2 (other changes, drift, values or"
                + " commit): nothing was applied; approve this plan again");
        assertThat(approved.run().orElseThrow().trail()).isEmpty();
        assertThat(app.toString()).doesNotContain("10.8.0.0", "10.9.0.0");
    }

    private void deployBoth() {
        RunOutcome first = host().deploy(Requests.manual(repo.resolve("stacks.yaml"), "1").toBuilder()
                .approval(Approval.GIVEN).build());
        assertThat(first.exitCode()).as(first.run().map(Object::toString).orElse("") + progress).isEqualTo(RunOutcome.OK);
    }

    /** The drift check a day later, with the key: app awaits approval of the deploy that takes the new value. */
    private Row awaitingAfterCheck() {
        RunOutcome check = host(Clock.offset(Clock.systemUTC(), Duration.ofHours(25)))
                .check(Requests.manual(repo.resolve("stacks.yaml"), "2")
                        .withApprovedPlans(new PlanDigest.Approved(Map.of(), COMMIT, "", KEY)));
        Row app = row(check, "app");
        assertThat(app.state()).as(app.reason() + " " + progress).isEqualTo(RowState.AWAITING_APPROVAL);
        return app;
    }

    /** The approval build's deploy: app only, approved, with the pin the approver saw. */
    private RunRequest approvedDeploy(final String pin, final String runId) {
        return Requests.manual(repo.resolve("stacks.yaml"), runId).toBuilder().stacks(List.of("app")).approval(Approval.GIVEN)
                .build().withApprovedPlans(new PlanDigest.Approved(Map.of(StackId.of("app"), pin), COMMIT, "build #2", KEY));
    }

    /** Someone edits the net stack's state by hand: its output changes, its code does not. */
    private void netOutputChangedOutsideTheCode(final String cidr) throws IOException {
        Path state = repo.resolve("net/terraform.tfstate");
        ObjectNode root = (ObjectNode) JSON.readTree(state.toFile());
        ((ObjectNode) root.path("outputs").path("cidr")).put("value", cidr);
        root.put("serial", root.path("serial").asLong() + 1);
        JSON.writeValue(state.toFile(), root);
    }

    private static Row row(final RunOutcome outcome, final String id) {
        return outcome.run().orElseThrow().rows().stream().filter(r -> r.id().value().equals(id)).findFirst().orElseThrow();
    }

    private SavingHost host() {
        return host(Clock.systemUTC());
    }

    private SavingHost host(final Clock clock) {
        HistoryStore history = new HistoryStore(dir.resolve("record"));
        return new SavingHost(new StackDriftEngine(new EngineServices(new LocalProcessRunner(),
                ToolSettings.defaults().withExecutable(Tool.TERRAFORM, TERRAFORM).withTimeout(Duration.ofMinutes(2)),
                HistoryView.of(history), DeployJournal.of(history, HistoryStore::isRunningHere),
                new FileStackLocks(dir.resolve("record/locks"), Duration.ofSeconds(5), line -> { }),
                (stack, ids) -> environment, dir.resolve("engine-work"), clock, progress::add)), history);
    }
}
