package io.jenkins.plugins.stackdrift.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import com.cloudbees.plugins.credentials.common.StandardCredentials;
import com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials;
import hudson.util.Secret;
import io.jenkins.plugins.stackdrift.agent.SecretMaskingOutputStream;
import org.jenkinsci.plugins.plaincredentials.FileCredentials;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.SecretMask;

class CredentialsEnvironmentTest {
    private final Map<String, StandardCredentials> store = new HashMap<>();
    private final SecretFileWriter files = mock(SecretFileWriter.class);
    /** The values each resolve handed to the mask pattern (in Jenkins: credentials-binding's SecretPatterns). */
    private final List<String> masked = new ArrayList<>();
    /** The ids these tests bind, named by the step's list (an allow-list is what lets any id be bound). */
    static final AllowedCredentials LISTED = AllowedCredentials.of(
            List.of("aws-prod-key", "db", "evil", "gcp-sa", "k", "missing", "nope", "ok", "registry", "ssh"), List.of(), List.of());
    private final CredentialsEnvironment environment = new CredentialsEnvironment(id -> Optional.ofNullable(store.get(id.value())),
            files, secrets -> {
                masked.addAll(secrets);
                return SecretMask.patternOf(secrets);
            }).withAllowed(LISTED);

    private static Secret secret(final String value) {
        Secret secret = mock(Secret.class);
        when(secret.getPlainText()).thenReturn(value);
        return secret;
    }

    private void secretText(final String id, final String value) {
        Secret secret = secret(value);
        StringCredentials c = mock(StringCredentials.class);
        when(c.getSecret()).thenReturn(secret);
        store.put(id, c);
    }

    /**
     * Jenkins's credentials-binding masks the value, its base64 and its shell-quoted forms, not a URL's or a JSON body's:
     * the step's mask adds the core's forms to whatever the host's pattern knows, as the command line masks them.
     */
    @Test
    void theMaskHasTheCoresEncodedFormsWhateverTheHostsPatternKnows() throws Exception {
        String value = "db p@ss/w\u00f6rd\"+1";
        secretText("db", value);
        CredentialsEnvironment rawOnly = new CredentialsEnvironment(id -> Optional.ofNullable(store.get(id.value())), files,
                secrets -> Pattern.compile(secrets.stream().map(Pattern::quote).reduce((a, b) -> a + "|" + b).orElse("")))
                .withAllowed(LISTED);

        SecretMask mask = rawOnly.resolve(Map.of("app", Map.of("DB_PASSWORD", "db"))).mask();

        String hex = HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8));
        for (String form : List.of(value, "db+p%40ss%2Fw%C3%B6rd%22%2B1", "db%20p%40ss%2fw%c3%b6rd%22%2b1",
                "db p@ss/w\u00f6rd\\\"+1", "db p@ss\\/w\\u00F6rd\\\"+1", hex, hex.toUpperCase(Locale.ROOT))) {
            String line = "postgres://app:" + form + "@db/x";
            assertThat(mask.mask(line)).as(form).isEqualTo("postgres://app:****@db/x");
            // the build log goes through the step's masking stream, the record and the map through the same mask
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            try (OutputStream console = new SecretMaskingOutputStream(log, mask)) {
                console.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
            assertThat(log.toString(StandardCharsets.UTF_8)).as(form).isEqualTo("postgres://app:****@db/x\n");
            Row failed = Row.of(StackId.of("app"), Tool.TERRAFORM, "app", RowState.FAILED, "cannot reach " + line);
            RunRecord run = new RunRecord("1", RunKind.CHECK, "test", 1, 2, List.of(failed), List.of());
            assertThat(mask.mask(run).rows().get(0).reason()).as(form).isEqualTo("cannot reach postgres://app:****@db/x");
        }
    }

    @Test
    void secretTextBecomesTheVariable() throws Exception {
        secretText("aws-prod-key", "AKIA$HOME");
        StackCredentials result = environment.resolve(Map.of("network", Map.of("AWS_ACCESS_KEY_ID", "aws-prod-key")));
        assertThat(result.environment("network")).containsExactly(Map.entry("AWS_ACCESS_KEY_ID", "AKIA$HOME"));
        assertThat(masked).containsExactly("AKIA$HOME");
        assertThat(result.failures()).isEmpty();
    }

    @Test
    void aVariableThatDecidesWhichProgramRunsCarriesNoCredential() throws Exception {
        secretText("evil", "/tmp/evil.so");
        for (String name : new String[] {"LD_PRELOAD", "PATH", "BASH_ENV", "JENKINS_SERVER_COOKIE", "DYLD_INSERT_LIBRARIES"}) {
            StackCredentials result = environment.resolve(Map.of("app", Map.of(name, "evil", "TOKEN", "evil")));
            assertThat(result.failures()).containsOnlyKeys("app");
            assertThat(result.failures().get("app")).startsWith("the variable " + name + " cannot carry credentials 'evil'");
            assertThat(result.environment("app")).isEmpty();
        }
    }

    @Test
    void usernamePasswordBecomesUsrAndPsw() throws Exception {
        Secret password = secret("pa$$word");
        StandardUsernamePasswordCredentials c = mock(StandardUsernamePasswordCredentials.class);
        when(c.getUsername()).thenReturn("deployer");
        when(c.getPassword()).thenReturn(password);
        store.put("registry", c);
        StackCredentials result = environment.resolve(Map.of("app", Map.of("REGISTRY", "registry")));
        assertThat(result.environment("app"))
                .containsEntry("REGISTRY_USR", "deployer")
                .containsEntry("REGISTRY_PSW", "pa$$word")
                .hasSize(2);
        assertThat(masked).containsExactly("pa$$word");
    }

    @Test
    void aUsernameMarkedSecretIsMaskedToo() throws Exception {
        Secret password = secret("pa$$word");
        StandardUsernamePasswordCredentials c = mock(StandardUsernamePasswordCredentials.class);
        when(c.getUsername()).thenReturn("svc-deployer");
        when(c.getPassword()).thenReturn(password);
        when(c.isUsernameSecret()).thenReturn(true);
        store.put("registry", c);
        StackCredentials result = environment.resolve(Map.of("app", Map.of("REGISTRY", "registry")));
        assertThat(result.environment("app")).containsEntry("REGISTRY_USR", "svc-deployer");
        assertThat(masked).containsExactlyInAnyOrder("pa$$word", "svc-deployer");
    }

    @Test
    void secretFileBecomesAPathWrittenOncePerCredential() throws Exception {
        FileCredentials c = mock(FileCredentials.class);
        when(c.getFileName()).thenReturn("gcp.json");
        when(c.getContent()).thenAnswer(i -> new ByteArrayInputStream("{}".getBytes(StandardCharsets.UTF_8)));
        store.put("gcp-sa", c);
        when(files.write(eq("gcp-sa"), eq("gcp.json"), any())).thenReturn("/ws@tmp/s/1/gcp.json");
        StackCredentials result = environment.resolve(Map.of(
                "a", Map.of("GOOGLE_APPLICATION_CREDENTIALS", "gcp-sa"),
                "b", Map.of("GOOGLE_APPLICATION_CREDENTIALS", "gcp-sa")));
        assertThat(result.environment("a")).containsExactly(Map.entry("GOOGLE_APPLICATION_CREDENTIALS", "/ws@tmp/s/1/gcp.json"));
        assertThat(result.environment("b")).isEqualTo(result.environment("a"));
        verify(files, times(1)).write(eq("gcp-sa"), eq("gcp.json"), any());
    }

    @Test
    void missingIdFailsOnlyThatStackWithTheSpecMessage() throws Exception {
        secretText("ok", "v");
        StackCredentials result = environment.resolve(Map.of(
                "broken", Map.of("A", "ok", "B", "nope"),
                "fine", Map.of("A", "ok")));
        assertThat(result.failures()).containsExactly(Map.entry("broken", "credentials 'nope' not found"));
        assertThat(result.environment("broken")).isEmpty();
        assertThat(result.environment("fine")).containsEntry("A", "v");
    }

    @Test
    void anotherKindOfCredentialFailsTheStackNamingTheKinds() throws Exception {
        store.put("ssh", mock(StandardCredentials.class));
        StackCredentials result = environment.resolve(Map.of("s", Map.of("KEY", "ssh")));
        assertThat(result.failures().get("s")).startsWith("credentials 'ssh' are a ")
                .endsWith("use secret text, username with password, or a secret file");
    }

    @Test
    void eachIdIsLookedUpOnce() throws Exception {
        CredentialsLookup lookup = mock(CredentialsLookup.class);
        when(lookup.find(any())).thenReturn(Optional.empty());
        new CredentialsEnvironment(lookup, files, SecretMask::patternOf).withAllowed(LISTED)
                .resolve(Map.of("a", Map.of("X", "missing"), "b", Map.of("Y", "missing")));
        verify(lookup, times(1)).find(any());
    }

    @Test
    void toStringNeverShowsValues() throws IOException, InterruptedException {
        secretText("k", "s3cr3t-value");
        StackCredentials result = environment.resolve(Map.of("st", Map.of("TOKEN", "k")));
        assertThat(result.toString()).doesNotContain("s3cr3t-value").contains("st");
    }

    @Test
    void theAgentMasksWithThePatternTheControllerMadeAfterTheCallIsSerialized() throws Exception {
        secretText("k", "s3cr3t-value");
        // a pattern only the controller's pattern maker knows, as credentials-binding's extensions add forms
        CredentialsEnvironment jenkins = new CredentialsEnvironment(id -> Optional.ofNullable(store.get(id.value())), files,
                secrets -> Pattern.compile("s3cr3t-value|extension-form")).withAllowed(LISTED);
        StackCredentials sent = jenkins.resolve(Map.of("st", Map.of("TOKEN", "k")));

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sent);
        }
        StackCredentials received;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            received = (StackCredentials) in.readObject();
        }

        assertThat(received.mask().mask("s3cr3t-value, extension-form")).isEqualTo("****, ****");
        assertThat(StackCredentials.none().mask().isEmpty()).isTrue();
    }

    @Test
    void agentOutputNamingAnUnlistedIdBindsNothingAndTheStoreIsNeverAsked() throws Exception {
        secretText("aws-prod-key", "AKIA-prod");
        CredentialsLookup lookup = mock(CredentialsLookup.class);
        // the mapping as the agent reported it from the workspace's stacks.yaml: an id no list names
        Map<String, Map<String, String>> fromAgent = Map.of("network", Map.of("AWS_KEY", "aws-prod-key"));

        StackCredentials none = new CredentialsEnvironment(lookup, files, SecretMask::patternOf).resolve(fromAgent);
        StackCredentials stepOnly = new CredentialsEnvironment(lookup, files, SecretMask::patternOf)
                .withAllowed(AllowedCredentials.of(List.of("aws-dev-key"), List.of("aws-stage-key"),
                        List.of(new AllowedCredentials.FolderList("team-a", List.of("aws-qa-key")))))
                .resolve(fromAgent);

        verify(lookup, never()).find(any());
        assertThat(none.environment("network")).isEmpty();
        assertThat(none.failures().get("network")).startsWith("credentials 'aws-prod-key' are named by no allow-list")
                .contains("the step's allowedCredentials: none").contains("Manage Jenkins \u2192 System \u2192 Stack Drift: none")
                .contains("add 'aws-prod-key' to the step's allowedCredentials (allowedCredentials: ['aws-prod-key'])");
        assertThat(stepOnly.failures().get("network")).contains("the step's allowedCredentials: aws-dev-key")
                .contains("folder team-a: aws-qa-key").contains("Stack Drift: aws-stage-key");
    }

    @Test
    void theListsAddUpAndTheIdLookedUpIsTheListsOwn() throws Exception {
        CredentialsLookup lookup = mock(CredentialsLookup.class);
        when(lookup.find(any())).thenReturn(Optional.empty());
        AllowedCredentials lists = AllowedCredentials.of(List.of("from-step"), List.of("from-global"),
                List.of(new AllowedCredentials.FolderList("team-a", List.of("from-folder"))));
        new CredentialsEnvironment(lookup, files, SecretMask::patternOf).withAllowed(lists).resolve(Map.of(
                "a", Map.of("X", "from-step"), "b", Map.of("Y", "from-folder"), "c", Map.of("Z", "from-global")));

        verify(lookup).find(new AllowedId("from-step"));
        verify(lookup).find(new AllowedId("from-folder"));
        verify(lookup).find(new AllowedId("from-global"));
        assertThat(lists.admit(new String("from-step".toCharArray()))).hasValueSatisfying(id -> assertThat(id.value()).isSameAs(
                lists.admit("from-step").orElseThrow().value()));
        assertThat(AllowedCredentials.none().admit("from-step")).isEmpty();
    }
}
