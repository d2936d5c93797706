package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * In core, {@code AbstractItem.getParent()} has a bridge method returning {@code Jenkins} (bridge-method-injector), so
 * Mockito refuses {@code doReturn(folder).when(job).getParent()} on a mock of any AbstractItem type: the real build
 * failed eight unit tests that way, which passed against the stand-in (it has no bridge); a default answer is refused
 * the same way. The plugin asks {@link ItemParents#of} instead, which tests stub with {@code mockStatic}; this check
 * finds a stub of {@code getParent()} on a mock of such a type in the test sources.
 */
class BridgedMockSourcesTest {
    /** Core and Pipeline types whose getParent() is AbstractItem's. */
    private static final Pattern BRIDGED_MOCK = Pattern.compile(
            "(\\w+)\\s*=\\s*mock\\(\\s*(Job|AbstractItem|AbstractProject|FreeStyleProject|WorkflowJob|Folder"
                    + "|WorkflowMultiBranchProject|ComputedFolder)\\.class");

    static Set<String> stubbedParents(final String file, final String source) {
        Set<String> mocks = new TreeSet<>();
        Matcher declared = BRIDGED_MOCK.matcher(source);
        while (declared.find()) {
            mocks.add(declared.group(1));
        }
        Set<String> found = new TreeSet<>();
        for (String name : mocks) {
            Pattern stub = Pattern.compile("when\\(\\s*" + name + "\\s*\\)\\s*\\.getParent\\(\\)|when\\(\\s*" + name
                    + "\\.getParent\\(\\)\\s*\\)");
            if (stub.matcher(source).find()) {
                found.add(file + ": " + name);
            }
        }
        return found;
    }

    @Test
    void noTestStubsGetParentOnAMockOfAnAbstractItemType() throws IOException {
        List<String> found = new ArrayList<>();
        ITestSourcesTest.testSourcesExcept(BridgedMockSourcesTest.class)
                .forEach((name, source) -> found.addAll(stubbedParents(name, source)));
        assertThat(found).as("stub ItemParents.of(job) with mockStatic instead").isEmpty();
    }

    @Test
    void aPlantedStubOfAJobMocksParentIsFound() {
        String planted = "class PlantedTest {\n  private final Job<?, ?> job = mock(Job.class);\n"
                + "  Item item = mock(Item.class);\n"
                + "  void t() { doReturn(folder).when(job).getParent(); doReturn(folder).when(item).getParent(); }\n}\n";
        String viaWhen = "class PlantedWhenTest {\n  WorkflowJob p = mock(WorkflowJob.class);\n"
                + "  void t() { when(p.getParent()).thenReturn(folder); }\n}\n";
        assertThat(stubbedParents("PlantedTest", planted)).containsExactly("PlantedTest: job");
        assertThat(stubbedParents("PlantedWhenTest", viaWhen)).containsExactly("PlantedWhenTest: p");
        String fine = "class Fine {\n  Job<?, ?> j = mock(Job.class);\n"
                + "  void t() { parents.when(() -> ItemParents.of(j)).thenReturn(folder); }\n}\n";
        assertThat(stubbedParents("Fine", fine)).isEmpty();
    }
}
