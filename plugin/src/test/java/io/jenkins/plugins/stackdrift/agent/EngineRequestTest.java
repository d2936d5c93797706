package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.stackdrift.durable.StepRequest;
import io.stackdrift.engine.RunRequest;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployChoice;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Tool;

class EngineRequestTest {
    private static final Path WORKSPACE = Path.of("/agent/ws/job");

    private static EngineRequest request(final String config, final StartedBy startedBy, final List<String> changed) {
        return new EngineRequest(StepRequest.builder("12").configFile(config).stacks(List.of("network")).parallelism(3)
                .deploy(DeployChoice.DEPLOY.withMode(DeployMode.REHEARSAL)).cause("pushed by bob").startedBy(startedBy)
                .changedFiles(changed).toolPaths(EngineRequest.toolsByWord(Map.of("tofu", "/opt/tofu/bin/tofu", "pulumi", " ")))
                .buildEnvironment(Map.of("PATH", "/usr/bin")).build());
    }

    @Test
    void theCoreRequestIsRootedAtTheConfigFilesDirectoryInTheWorkspace() {
        RunRequest run = request("infra/stacks.yaml", StartedBy.PUSH, List.of()).toRunRequest(WORKSPACE);
        assertThat(run.configFile()).isEqualTo(Path.of("/agent/ws/job/infra/stacks.yaml"));
        assertThat(run.repositoryRoot()).isEqualTo(Path.of("/agent/ws/job/infra"));
        assertThat(run.startedBy()).isEqualTo(StartedBy.PUSH);
        assertThat(run.parallelism()).hasValue(3);
        assertThat(run.mode()).isEqualTo(DeployMode.REHEARSAL);
        assertThat(run.runId()).isEqualTo("12");
    }

    @Test
    void changedFilesAreMadeRelativeToTheRepositoryRootAndOthersLeftOut() {
        EngineRequest request = request("infra/stacks.yaml", StartedBy.PUSH,
                List.of("infra/network/main.tf", "app/index.js", "infra/../infra/dns/x.tf", "../../etc/passwd", "infra"));
        assertThat(request.changedUnderRoot(WORKSPACE)).containsExactly("dns/x.tf", "network/main.tf");
    }

    @Test
    void onlyToolPathsThatAreSetReachTheToolSettings() {
        EngineRequest request = request("stacks.yaml", StartedBy.MANUAL, List.of());
        assertThat(request.toolSettings().executable(Tool.TOFU)).isEqualTo("/opt/tofu/bin/tofu");
        assertThat(request.toolSettings().executable(Tool.PULUMI)).isEqualTo("pulumi");
        assertThat(request.toolSettings().executable(Tool.TERRAFORM)).isEqualTo("terraform");
    }

    @Test
    void aToolTimeoutCountsForPlanAndApplyAndWithoutOneAnApplyGetsLongerThanAPlan() {
        EngineRequest none = request("stacks.yaml", StartedBy.MANUAL, List.of());
        assertThat(none.toolSettings().applyTimeout()).isGreaterThan(none.toolSettings().timeout());
        EngineRequest twoHours = new EngineRequest(StepRequest.builder("1").toolTimeout(Duration.ofSeconds(7200)).build());
        assertThat(twoHours.toolSettings().timeout()).isEqualTo(Duration.ofHours(2));
        assertThat(twoHours.toolSettings().applyTimeout()).isEqualTo(Duration.ofHours(2));
        assertThat(twoHours.toolSettings().timeoutHint()).isEqualTo(EngineRequest.TIMEOUT_HINT);
    }

    @Test
    void itsTextNamesTheBuildsVariablesNeverTheirValues() {
        EngineRequest request = new EngineRequest(StepRequest.builder("1").stacks(List.of("network"))
                .buildEnvironment(Map.of("BOUND_BY_WITH_CREDENTIALS", "planted-secret-value")).build());
        assertThat(request.toString()).contains("BOUND_BY_WITH_CREDENTIALS").doesNotContain("planted-secret-value");
    }

    @Test
    void theToolPathsByWordReachTheLaunchPolicyAsWordsAndAnUnknownWordIsLeftOut() {
        EngineRequest request = new EngineRequest(StepRequest.builder("1")
                .toolPaths(EngineRequest.toolsByWord(Map.of("terraform", "/bin/terraform", "ansible", "/bin/ansible"))).build());
        assertThat(request.toolPaths()).containsExactly(Map.entry("terraform", "/bin/terraform"));
    }

    @Test
    void aCopyForOtherStacksKeepsEverythingElse() {
        EngineRequest request = request("stacks.yaml", StartedBy.PUSH, List.of("a.tf"));
        assertThat(request.withStacks(List.of("dns")).value())
                .isEqualTo(request.value().toBuilder().stacks(List.of("dns")).build());
    }

    @Test
    void destroyReachesTheCoreRequestAndIsOffUnlessAsked() {
        EngineRequest destroy = new EngineRequest(StepRequest.builder("12")
                .deploy(DeployChoice.DEPLOY.withApproval(Approval.GIVEN).withKind(DeployKind.DESTROY)).build());
        RunRequest run = destroy.toRunRequest(WORKSPACE);
        assertThat(run.kind()).isEqualTo(DeployKind.DESTROY);
        assertThat(run.approval()).isEqualTo(Approval.GIVEN);
        assertThat(request("stacks.yaml", StartedBy.MANUAL, List.of()).kind()).isEqualTo(DeployKind.DEPLOY);
        assertThat(request("stacks.yaml", StartedBy.MANUAL, List.of()).toRunRequest(WORKSPACE).kind()).isEqualTo(DeployKind.DEPLOY);
    }

    /**
     * The types of a record's components that are neither primitive, the JDK's nor the plugin's own (the filter admits
     * classes of a plugin's own jar, not of a library it bundles) and that {@code named} does not list.
     */
    static List<String> unnamedLibraryTypes(final Class<? extends Record> type, final Set<String> named) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType)
                .filter(t -> !t.isPrimitive() && !t.getName().startsWith("java.")
                        && !t.getName().startsWith("io.jenkins.plugins.stackdrift.")).map(Class::getName)
                .filter(name -> !named.contains(name)).toList();
    }

    /** The resource core's class filter reads in every plugin (a file name, though it looks like a class's). */
    private static final String CLASS_FILTER = "/META-INF/" + String.join(".", "hudson", "remoting", "ClassFilter");

    private static Set<String> classFilterNames() throws IOException {
        try (InputStream in = EngineRequest.class.getResourceAsStream(CLASS_FILTER)) {
            assertThat(in).as(CLASS_FILTER).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#")).collect(Collectors.toSet());
        }
    }

    @Test
    void everyCoreTypeTheRequestCarriesIsNamedForTheControllersClassFilter() throws IOException {
        Set<String> named = classFilterNames();
        assertThat(unnamedLibraryTypes(EngineRequest.class, named)).isEmpty();
        assertThat(unnamedLibraryTypes(StepRequest.class, named)).isEmpty();
        assertThat(unnamedLibraryTypes(DeployChoice.class, named)).isEmpty();
        // the keys of the tool paths: a generic type argument, which the record's components do not show
        assertThat(named).contains(Tool.class.getName());
    }

    /** A planted request component of a core type the file does not name. */
    private record Planted(String configFile, RowState state) {
    }

    @Test
    void aCoreTypeTheFileDoesNotNameIsFound() throws IOException {
        assertThat(unnamedLibraryTypes(Planted.class, classFilterNames())).containsExactly(RowState.class.getName());
    }
}
