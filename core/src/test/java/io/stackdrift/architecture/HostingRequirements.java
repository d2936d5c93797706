package io.stackdrift.architecture;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.apache.maven.model.Dependency;
import org.apache.maven.model.Model;
import org.apache.maven.model.Parent;
import org.apache.maven.model.Repository;
import org.apache.maven.model.Scm;
import org.apache.maven.model.io.xpp3.MavenXpp3Reader;
import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.builder.AstBuilder;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.ListExpression;
import org.codehaus.groovy.ast.expr.MapEntryExpression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.plexus.util.xml.pull.XmlPullParserException;

/**
 * What the Jenkins hosting checker (jenkins-infra/repository-permissions-updater: {@code MavenVerifier},
 * {@code RequiredFilesVerifier}, {@code Requirements}) requires of a plugin repository, read the way it reads it:
 * the root {@code pom.xml} with Maven's own model reader (no parent, no interpolation but the properties), the
 * {@code Jenkinsfile} with the Groovy parser, and the files it asks for. Each problem is one line; an empty list
 * passes. The two messages a repository of several modules always gets (the root's artifactId and url name the
 * parent, not the plugin module) are left out: CONTRIBUTING.md answers them.
 */
final class HostingRequirements {
    static final String REPOSITORY = "stack-drift-plugin";
    static final Set<Integer> JDKS = Set.of(21, 25);
    /** The coordinates the repository permission file lists (CONTRIBUTING.md, "Versions and releases"). */
    static final Set<String> PERMITTED_ARTIFACTS = Set.of("stack-drift-parent", "stack-drift", "stack-drift-build", "stack-drift-core");
    private static final List<String> ILLEGAL_PROPERTIES =
            List.of("java.level", "maven.compiler.source", "maven.compiler.target", "maven.compiler.release");
    private static final Map<String, String> REQUIRED_PROPERTIES = Map.of("hpi.strictBundledArtifacts", "true",
            "ban-commons-lang-2.skip", "false", "ban-deprecated-stapler.skip", "false", "ban-junit4-imports.skip", "false",
            "banObsoleteDependencyOverrides.skip", "false", "changelist", "999999-SNAPSHOT");

    private HostingRequirements() {
    }

    static List<String> problems(final Path root) throws IOException {
        List<String> problems = new ArrayList<>();
        pom(root.resolve("pom.xml"), problems);
        jenkinsfile(root.resolve("Jenkinsfile"), problems);
        files(root, problems);
        incrementals(root, problems);
        return problems;
    }

    /**
     * What the incrementals publisher refuses (jenkins-infra/incrementals-publisher, {@code lib/permissions.js}): an
     * uploaded POM without {@code <scm>} {@code <url>} and {@code <tag>}, or an artifact the permission file does not
     * list. buildPlugin uploads every artifact the build installed, so each module either has an {@code <scm>}
     * (its own or a parent's in this repository) and is listed, or skips its install.
     */
    private static void incrementals(final Path root, final List<String> problems) throws IOException {
        Model aggregator = read(root.resolve("pom.xml"));
        if (aggregator == null) {
            return;
        }
        for (String module : aggregator.getModules()) {
            Path pom = root.resolve(module).resolve("pom.xml");
            Model model = read(pom);
            if (model == null) {
                problems.add(module + "/pom.xml is missing or not a valid POM");
                continue;
            }
            if ("true".equals(model.getProperties().getProperty("maven.install.skip"))) {
                continue;
            }
            String artifactId = model.getArtifactId();
            if (!PERMITTED_ARTIFACTS.contains(artifactId)) {
                problems.add(module + "/pom.xml: " + artifactId + " is installed but not among the permission file's "
                        + PERMITTED_ARTIFACTS + ": list it there or set maven.install.skip");
            }
            if (!hasScm(pom, model)) {
                problems.add(module + "/pom.xml: an <scm> with <url> and <tag>${scmTag}</tag> (its own or a parent's) is "
                        + "required, or the incrementals publisher refuses the upload");
            }
        }
        boolean cdScheme = lines(root.resolve(".mvn/maven.config")).stream().anyMatch(l -> l.startsWith("-Dchangelist.format"));
        if (cdScheme && lines(root.resolve(".github/workflows/cd.yaml")).stream()
                .noneMatch(l -> l.contains("jenkins-infra/github-reusable-workflows/.github/workflows/maven-cd.yml@"))) {
            problems.add(".github/workflows/cd.yaml must call the reusable maven-cd workflow: .mvn/maven.config sets the CD "
                    + "version scheme");
        }
    }

    private static boolean hasScm(final Path pom, final Model model) throws IOException {
        Scm scm = model.getScm();
        if (scm != null) {
            return scm.getUrl() != null && scm.getTag() != null;
        }
        Parent parent = model.getParent();
        if (parent == null || parent.getRelativePath() == null || parent.getRelativePath().isBlank()) {
            return false;
        }
        Path parentPom = pom.getParent().resolve(parent.getRelativePath()).normalize();
        if (Files.isDirectory(parentPom)) {
            parentPom = parentPom.resolve("pom.xml");
        }
        Model parentModel = read(parentPom);
        return parentModel != null && parentModel.getArtifactId().equals(parent.getArtifactId()) && hasScm(parentPom, parentModel);
    }

    private static Model read(final Path pom) throws IOException {
        if (!Files.isRegularFile(pom)) {
            return null;
        }
        try (Reader in = Files.newBufferedReader(pom, StandardCharsets.UTF_8)) {
            return new MavenXpp3Reader().read(in);
        } catch (XmlPullParserException e) {
            return null;
        }
    }

    private static void pom(final Path file, final List<String> problems) throws IOException {
        Model model;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            model = new MavenXpp3Reader().read(in);
        } catch (XmlPullParserException e) {
            problems.add("pom.xml is not a valid POM: " + e.getMessage());
            return;
        }
        Parent parent = model.getParent();
        if (parent == null || !"org.jenkins-ci.plugins".equals(parent.getGroupId()) || !"plugin".equals(parent.getArtifactId())) {
            problems.add("pom.xml: the parent must be org.jenkins-ci.plugins:plugin");
        }
        if (!"io.jenkins.plugins".equals(model.getGroupId())) {
            problems.add("pom.xml: the groupId must be io.jenkins.plugins, not " + model.getGroupId());
        }
        String artifactId = String.valueOf(model.getArtifactId());
        if (artifactId.toLowerCase(Locale.ROOT).contains("jenkins") || !artifactId.toLowerCase(Locale.ROOT).equals(artifactId)) {
            problems.add("pom.xml: the artifactId must be lower case without \"jenkins\": " + artifactId);
        }
        if (model.getName() == null || model.getName().isBlank() || model.getName().toLowerCase(Locale.ROOT).contains("jenkins")) {
            problems.add("pom.xml: a <name> without \"Jenkins\" is required");
        }
        if (model.getLicenses().isEmpty()) {
            problems.add("pom.xml: <licenses> is required");
        }
        if (!model.getDevelopers().isEmpty()) {
            problems.add("pom.xml: <developers> must go (the update site takes them from the permission file)");
        }
        scm(model.getScm(), problems);
        Properties props = model.getProperties();
        ILLEGAL_PROPERTIES.stream().filter(props::containsKey)
                .forEach(p -> problems.add("pom.xml: the property " + p + " must go (the parent defines it)"));
        if (!props.containsKey("jenkins.baseline") || !props.containsKey("jenkins.version")) {
            problems.add("pom.xml: jenkins.baseline and jenkins.version (${jenkins.baseline}.N) are required");
        }
        REQUIRED_PROPERTIES.forEach((name, value) -> {
            if (!value.equals(props.getProperty(name))) {
                problems.add("pom.xml: the property " + name + " must be " + value);
            }
        });
        String version = String.valueOf(model.getVersion());
        if (!version.contains("${changelist}") || version.contains("${revision}${changelist}")) {
            problems.add("pom.xml: the version must be ${changelist} (CD), not " + version);
        }
        String bom = "bom-" + props.getProperty("jenkins.baseline") + ".x";
        boolean hasBom = model.getDependencyManagement() != null && model.getDependencyManagement().getDependencies().stream()
                .map(Dependency::getArtifactId).map(a -> a.replace("${jenkins.baseline}", props.getProperty("jenkins.baseline", "")))
                .anyMatch(bom::equals);
        if (!hasBom) {
            problems.add("pom.xml: the BOM io.jenkins.tools.bom:" + bom + " is required in <dependencyManagement>");
        }
        for (Repository repository : concat(model.getRepositories(), model.getPluginRepositories())) {
            if (repository.getUrl().contains("repo.jenkins-ci.org") && !repository.getUrl().startsWith("https://")) {
                problems.add("pom.xml: repo.jenkins-ci.org must be reached over https: " + repository.getUrl());
            }
        }
    }

    private static void scm(final Scm scm, final List<String> problems) {
        if (scm == null) {
            problems.add("pom.xml: <scm> is required");
            return;
        }
        if (scm.getConnection() == null || !scm.getConnection().startsWith("scm:git:https:")) {
            problems.add("pom.xml: <scm><connection> must be scm:git:https://…");
        }
        if (scm.getUrl() == null || scm.getDeveloperConnection() == null || scm.getTag() == null) {
            problems.add("pom.xml: <scm> needs <url>, <developerConnection> and <tag>");
        }
    }

    /** The checker's reading: one statement, a call of buildPlugin with one map whose configurations name jdk 21 or 25. */
    private static void jenkinsfile(final Path file, final List<String> problems) throws IOException {
        if (!Files.isRegularFile(file)) {
            problems.add("Jenkinsfile is missing");
            return;
        }
        List<ASTNode> nodes = new AstBuilder().buildFromString(CompilePhase.CONVERSION, false, Files.readString(file));
        List<Statement> calls = nodes.stream().filter(BlockStatement.class::isInstance)
                .flatMap(b -> ((BlockStatement) b).getStatements().stream())
                .filter(s -> s instanceof ExpressionStatement e && e.getExpression() instanceof MethodCallExpression).toList();
        if (calls.size() != 1) {
            problems.add("Jenkinsfile: the call of buildPlugin must be its only method call");
            return;
        }
        MethodCallExpression call = (MethodCallExpression) ((ExpressionStatement) calls.get(0)).getExpression();
        List<Expression> args = call.getArguments() instanceof TupleExpression t ? t.getExpressions() : List.of();
        if (!"buildPlugin".equals(call.getMethodAsString()) || args.size() != 1 || !(args.get(0) instanceof MapExpression map)) {
            problems.add("Jenkinsfile: buildPlugin must be called with one map of parameters");
            return;
        }
        Expression configurations = entry(map, "configurations");
        if (!(configurations instanceof ListExpression list)) {
            problems.add("Jenkinsfile: buildPlugin needs a list of configurations");
            return;
        }
        for (Expression configuration : list.getExpressions()) {
            Expression jdk = configuration instanceof MapExpression c ? entry(c, "jdk") : null;
            Expression platform = configuration instanceof MapExpression c ? entry(c, "platform") : null;
            if (platform == null || !(jdk instanceof ConstantExpression constant) || !(constant.getValue() instanceof Integer value)
                    || !JDKS.contains(value)) {
                problems.add("Jenkinsfile: every configuration needs a platform and a jdk of " + JDKS + ": " + configuration.getText());
            }
        }
    }

    private static Expression entry(final MapExpression map, final String key) {
        for (MapEntryExpression entry : map.getMapEntryExpressions()) {
            if (entry.getKeyExpression() instanceof ConstantExpression k && key.equals(k.getValue())) {
                return entry.getValueExpression();
            }
        }
        return null;
    }

    private static void files(final Path root, final List<String> problems) throws IOException {
        String owners = "* @jenkinsci/" + REPOSITORY + "-developers";
        if (!lines(root.resolve(".github/CODEOWNERS")).contains(owners)) {
            problems.add(".github/CODEOWNERS must hold the line " + owners);
        }
        if (lines(root.resolve(".github/workflows/jenkins-security-scan.yml")).stream()
                .noneMatch(l -> l.contains("uses: jenkins-infra/jenkins-security-scan/.github/workflows/jenkins-security-scan.yaml@v2"))) {
            problems.add(".github/workflows/jenkins-security-scan.yml must call the Jenkins security scan workflow");
        }
        if (!Files.isRegularFile(root.resolve(".github/dependabot.yml")) && !Files.isRegularFile(root.resolve(".github/renovate.json"))) {
            problems.add("a dependency update configuration (.github/dependabot.yml or renovate) is required");
        }
        List<String> ignored = lines(root.resolve(".gitignore"));
        for (String dir : List.of("target", "work")) {
            if (!ignored.contains(dir) && !ignored.contains(dir + "/") && !ignored.contains("/" + dir + "/")) {
                problems.add(".gitignore must exclude " + dir);
            }
        }
        if (!Files.isRegularFile(root.resolve(".mvn/extensions.xml"))) {
            problems.add(".mvn/extensions.xml (git-changelist-maven-extension) is required for CD");
        }
        if (!lines(root.resolve(".mvn/maven.config")).contains("-Dchangelist.format=%d.v%s")) {
            problems.add(".mvn/maven.config must hold -Dchangelist.format=%d.v%s");
        }
    }

    private static List<String> lines(final Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    private static List<Repository> concat(final List<Repository> a, final List<Repository> b) {
        List<Repository> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
