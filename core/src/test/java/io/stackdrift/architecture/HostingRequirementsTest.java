package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.maven.model.io.xpp3.MavenXpp3Reader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repository as the Jenkins hosting checker reads it (CONTRIBUTING.md, "What the hosting checker reads"). */
class HostingRequirementsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path planted;

    @Test
    void theRepositoryGivesTheCheckerWhatItReads() throws IOException {
        assertThat(HostingRequirements.problems(ROOT)).isEmpty();
    }

    @Test
    void thePluginModuleIsTheRepositoryNameWithoutPlugin() throws Exception {
        try (Reader in = Files.newBufferedReader(ROOT.resolve("plugin/pom.xml"), StandardCharsets.UTF_8)) {
            assertThat(new MavenXpp3Reader().read(in).getArtifactId())
                    .isEqualTo(HostingRequirements.REPOSITORY.replace("-plugin", ""));
        }
    }

    /** A planted repository with the mistakes the checker refused here before: every one is named. */
    @Test
    void aRepositoryTheCheckerWouldRefuseIsRefusedHereToo() throws IOException {
        Files.writeString(planted.resolve("pom.xml"), """
                <project><modelVersion>4.0.0</modelVersion>
                  <groupId>io.jenkins.plugins.stackdrift</groupId><artifactId>stack-drift-parent</artifactId>
                  <version>${revision}${changelist}</version><packaging>pom</packaging>
                  <properties><maven.compiler.release>17</maven.compiler.release><changelist>-SNAPSHOT</changelist></properties>
                </project>
                """);
        Files.writeString(planted.resolve("Jenkinsfile"), "buildPlugin(configurations: [[platform: 'linux', jdk: 17]])\n");
        Files.writeString(planted.resolve(".gitignore"), "target/\n");
        List<String> problems = HostingRequirements.problems(planted);
        assertThat(problems).anyMatch(p -> p.contains("parent must be org.jenkins-ci.plugins:plugin"))
                .anyMatch(p -> p.contains("groupId must be io.jenkins.plugins"))
                .anyMatch(p -> p.contains("<licenses>")).anyMatch(p -> p.contains("<scm> is required"))
                .anyMatch(p -> p.contains("maven.compiler.release must go"))
                .anyMatch(p -> p.contains("jenkins.baseline"))
                .anyMatch(p -> p.contains("hpi.strictBundledArtifacts")).anyMatch(p -> p.contains("ban-junit4-imports.skip"))
                .anyMatch(p -> p.contains("version must be ${changelist}"))
                .anyMatch(p -> p.contains("jdk of")).anyMatch(p -> p.contains("CODEOWNERS"))
                .anyMatch(p -> p.contains("security scan")).anyMatch(p -> p.contains("dependency update"))
                .anyMatch(p -> p.contains("exclude work")).anyMatch(p -> p.contains("extensions.xml"));
    }

    @Test
    void aJenkinsfileThatDoesMoreThanCallBuildPluginIsRefused() throws IOException {
        Files.writeString(planted.resolve("pom.xml"), Files.readString(ROOT.resolve("pom.xml")));
        Files.writeString(planted.resolve("Jenkinsfile"), "node { sh 'mvn verify' }\nbuildPlugin(configurations: [])\n");
        assertThat(HostingRequirements.problems(planted)).anyMatch(p -> p.contains("only method call"));
    }

    /** A module without an <scm>, an installed module the permission file does not list, and CD without cd.yaml. */
    @Test
    void whatTheIncrementalsPublisherWouldRefuseIsRefusedHere() throws IOException {
        Files.writeString(planted.resolve("pom.xml"), """
                <project><modelVersion>4.0.0</modelVersion>
                  <groupId>io.jenkins.plugins</groupId><artifactId>stack-drift-parent</artifactId><version>1</version>
                  <packaging>pom</packaging><modules><module>build-parent</module><module>core</module><module>cli</module></modules>
                </project>
                """);
        Files.createDirectories(planted.resolve("build-parent"));
        Files.writeString(planted.resolve("build-parent/pom.xml"), """
                <project><modelVersion>4.0.0</modelVersion>
                  <groupId>io.jenkins.plugins.stackdrift</groupId><artifactId>stack-drift-build</artifactId><version>1</version>
                </project>
                """);
        for (String module : List.of("core", "cli")) {
            Files.createDirectories(planted.resolve(module));
            Files.writeString(planted.resolve(module + "/pom.xml"), """
                    <project><modelVersion>4.0.0</modelVersion>
                      <parent><groupId>io.jenkins.plugins.stackdrift</groupId><artifactId>stack-drift-build</artifactId>
                        <version>1</version><relativePath>../build-parent/pom.xml</relativePath></parent>
                      <artifactId>stack-drift-%s</artifactId>
                    </project>
                    """.formatted(module));
        }
        Files.createDirectories(planted.resolve(".mvn"));
        Files.writeString(planted.resolve(".mvn/maven.config"), "-Dchangelist.format=%d.v%s\n");
        List<String> problems = HostingRequirements.problems(planted);
        assertThat(problems).anyMatch(p -> p.startsWith("build-parent/pom.xml: an <scm>"))
                .anyMatch(p -> p.startsWith("core/pom.xml: an <scm>"))
                .anyMatch(p -> p.startsWith("cli/pom.xml: stack-drift-cli is installed but not among"))
                .anyMatch(p -> p.startsWith(".github/workflows/cd.yaml must call"))
                .noneMatch(p -> p.startsWith("core/pom.xml: stack-drift-core is installed"));
    }
}
