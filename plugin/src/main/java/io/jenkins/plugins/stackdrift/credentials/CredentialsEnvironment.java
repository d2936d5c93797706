package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

import com.cloudbees.plugins.credentials.common.StandardCredentials;
import com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials;
import org.jenkinsci.plugins.plaincredentials.FileCredentials;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;

import io.stackdrift.render.SecretMask;

/**
 * Turns the {@code credentials:} of each stack (variable → credentials id) into that stack's
 * environment (docs/jenkins.md, credentials): secret text → {@code VAR}; username/password → {@code VAR_USR} and
 * {@code VAR_PSW}; secret file → {@code VAR} = a path to a copy of the file. A stack whose credential is
 * missing (or of another kind) fails with a one-line reason before any tool runs; other stacks go on. Every bound
 * secret joins one mask pattern: the core's ({@link SecretMask#patternOf(Collection, Pattern)}: the value, its base64,
 * hex, shell-quoted, percent-encoded and JSON-escaped forms, as the command line masks), with credentials-binding's
 * added ({@code SecretPatterns}: whatever form another plugin registers), as {@code withCredentials} masks.
 */
public final class CredentialsEnvironment {
    private final CredentialsLookup lookup;
    private final SecretFileWriter files;
    private final Function<Collection<String>, Pattern> maskPattern;
    private final AllowedCredentials allowed;

    /** @param maskPattern the pattern that masks the given secret values (Jenkins: {@code SecretPatterns::getAggregateSecretPattern}) */
    public CredentialsEnvironment(final CredentialsLookup lookup, final SecretFileWriter files,
            final Function<Collection<String>, Pattern> maskPattern) {
        this(lookup, files, maskPattern, AllowedCredentials.none());
    }

    private CredentialsEnvironment(final CredentialsLookup lookup, final SecretFileWriter files,
            final Function<Collection<String>, Pattern> maskPattern, final AllowedCredentials allowed) {
        this.lookup = lookup;
        this.files = files;
        this.maskPattern = maskPattern;
        this.allowed = allowed;
    }

    /**
     * A copy that binds only ids {@code ids} names: a stack naming another fails, and the store is never asked for it.
     * Without one, nothing is bound.
     */
    public CredentialsEnvironment withAllowed(final AllowedCredentials ids) {
        return new CredentialsEnvironment(lookup, files, maskPattern, ids);
    }

    /** @param needed stack id → (environment variable → credentials id) */
    public StackCredentials resolve(final Map<String, Map<String, String>> needed) throws IOException, InterruptedException {
        Map<String, Map<String, String>> environments = new TreeMap<>();
        Map<String, String> failures = new TreeMap<>();
        List<String> secrets = new ArrayList<>();
        Map<String, Optional<StandardCredentials>> byId = new HashMap<>();
        Map<String, String> secretFilePaths = new HashMap<>();
        for (Map.Entry<String, Map<String, String>> stack : new TreeMap<>(needed).entrySet()) {
            Map<String, String> env = new LinkedHashMap<>();
            for (Map.Entry<String, String> variable : new TreeMap<>(stack.getValue()).entrySet()) {
                String id = variable.getValue();
                if (ReservedVariables.reserved(variable.getKey())) {
                    failures.putIfAbsent(stack.getKey(), Messages.credentialsReservedVariable(variable.getKey(), id));
                    continue;
                }
                Optional<AllowedId> admitted = allowed.admit(id);
                if (admitted.isEmpty()) {
                    failures.putIfAbsent(stack.getKey(), allowed.refusal(id));
                    continue;
                }
                Optional<StandardCredentials> found = byId.get(id);
                if (found == null) {
                    found = lookup.find(admitted.get());
                    byId.put(id, found);
                }
                Optional<String> failure = found.isEmpty() ? Optional.of(Messages.credentialsNotFound(id))
                        : bind(variable.getKey(), id, found.get(), env, secrets, secretFilePaths);
                if (failure.isPresent()) {
                    failures.putIfAbsent(stack.getKey(), failure.get());
                }
            }
            if (!failures.containsKey(stack.getKey())) {
                environments.put(stack.getKey(), env);
            }
        }
        // the core's forms (percent-encoded, JSON-escaped, hex…) whatever the host's pattern knows, then the host's
        return new StackCredentials(environments, failures, SecretMask.patternOf(secrets, maskPattern.apply(secrets)));
    }

    private Optional<String> bind(final String variable, final String id, final StandardCredentials credential,
            final Map<String, String> env, final List<String> secrets, final Map<String, String> secretFilePaths)
            throws IOException, InterruptedException {
        if (credential instanceof StringCredentials) {
            String value = ((StringCredentials) credential).getSecret().getPlainText();
            env.put(variable, value);
            secrets.add(value);
        } else if (credential instanceof StandardUsernamePasswordCredentials) {
            StandardUsernamePasswordCredentials userPass = (StandardUsernamePasswordCredentials) credential;
            env.put(variable + "_USR", userPass.getUsername());
            // as credentials-binding does: a username the credential marks secret is masked like the password
            if (userPass.isUsernameSecret()) {
                secrets.add(userPass.getUsername());
            }
            String password = userPass.getPassword().getPlainText();
            env.put(variable + "_PSW", password);
            secrets.add(password);
        } else if (credential instanceof FileCredentials) {
            String path = secretFilePaths.get(id);
            if (path == null) {
                FileCredentials file = (FileCredentials) credential;
                try (InputStream content = file.getContent()) {
                    path = files.write(id, file.getFileName(), content);
                }
                secretFilePaths.put(id, path);
            }
            env.put(variable, path);
        } else {
            return Optional.of(Messages.credentialsWrongKind(id, credential.getClass().getSimpleName()));
        }
        return Optional.empty();
    }
}
