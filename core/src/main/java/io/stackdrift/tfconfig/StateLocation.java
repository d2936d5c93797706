package io.stackdrift.tfconfig;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.tfconfig.BackendAddress.AzureBlob;
import io.stackdrift.tfconfig.BackendAddress.GcsObject;
import io.stackdrift.tfconfig.BackendAddress.LocalFile;
import io.stackdrift.tfconfig.BackendAddress.RemoteWorkspace;
import io.stackdrift.tfconfig.BackendAddress.S3Object;

/**
 * Where a backend configuration keeps the state of one workspace, or why a static reading cannot know it. The same rules
 * serve a stack's own backend and a {@code terraform_remote_state} that reads one, so the two meet at equal addresses:
 * <ul>
 * <li>{@code local}: {@code path} (default {@code terraform.tfstate}) for workspace {@code default}, else
 * {@code workspace_dir/WORKSPACE/terraform.tfstate} ({@code workspace_dir} default {@code terraform.tfstate.d}); a
 * relative path from the root module's directory;</li>
 * <li>{@code s3}: {@code bucket} and {@code key}; another workspace's key is
 * {@code workspace_key_prefix/WORKSPACE/key} (prefix default {@code env:});</li>
 * <li>{@code gcs}: {@code bucket} and {@code prefix/WORKSPACE.tfstate};</li>
 * <li>{@code azurerm}: {@code container_name} and {@code key}; another workspace's key is {@code keyenv:WORKSPACE};</li>
 * <li>{@code remote} and {@code cloud}: {@code organization} and {@code workspaces.name}, or {@code workspaces.prefix}
 * followed by the workspace.</li>
 * </ul>
 *
 * @param address the state's address, when known
 * @param unknown why it is not known (empty when it is)
 */
public record StateLocation(Optional<BackendAddress> address, String unknown) {
    /** The workspace a stack without a name uses. */
    public static final String DEFAULT_WORKSPACE = "default";

    public StateLocation {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(unknown, "unknown");
    }

    static StateLocation known(final BackendAddress address) {
        return new StateLocation(Optional.of(address), "");
    }

    static StateLocation unknown(final String why) {
        return new StateLocation(Optional.empty(), why);
    }

    /**
     * The state of {@code workspace} in a backend of {@code type} configured with {@code config}, for the root module in
     * {@code dir} (relative to the repository root, '/'-separated, {@code .} for the root).
     */
    public static StateLocation of(final String type, final HclValue.ObjectValue config, final String workspace, final String dir) {
        boolean named = !DEFAULT_WORKSPACE.equals(workspace);
        try {
            return known(switch (type) {
                case "local" -> new LocalFile(named
                        ? local(dir, optional(config, "workspace_dir", "terraform.tfstate.d") + "/" + workspace + "/terraform.tfstate")
                        : local(dir, optional(config, "path", "terraform.tfstate")));
                case "s3" -> new S3Object(required(config, "bucket"), named
                        ? optional(config, "workspace_key_prefix", "env:") + "/" + workspace + "/" + required(config, "key")
                        : required(config, "key"));
                case "gcs" -> new GcsObject(required(config, "bucket"),
                        gcsPrefix(optional(config, "prefix", "")) + workspace + ".tfstate");
                case "azurerm" -> new AzureBlob(required(config, "container_name"),
                        named ? required(config, "key") + "env:" + workspace : required(config, "key"));
                case "remote", "cloud" -> new RemoteWorkspace(required(config, "organization"), remoteWorkspace(config, workspace));
                default -> throw new NotKnown("its backend is `" + type + "`; Stack Drift matches local, s3, gcs, azurerm, remote, cloud");
            });
        } catch (NotKnown e) {
            return unknown(e.getMessage());
        } catch (InvalidPathException e) {
            return unknown("its `path` is no file name");
        }
    }

    private static String remoteWorkspace(final HclValue.ObjectValue config, final String workspace) throws NotKnown {
        HclValue workspaces = config.get("workspaces").orElseThrow(() -> new NotKnown("`workspaces` is not set"));
        if (!(workspaces instanceof HclValue.ObjectValue object)) {
            throw new NotKnown("`workspaces` is not written out");
        }
        if (object.get("name").isPresent()) {
            String name = required(object, "name");
            if (!DEFAULT_WORKSPACE.equals(workspace)) {
                throw new NotKnown("`workspaces.name` names one workspace, not " + workspace);
            }
            return name;
        }
        if (object.get("prefix").isPresent() && !DEFAULT_WORKSPACE.equals(workspace)) {
            return required(object, "prefix") + workspace;
        }
        throw new NotKnown("`workspaces` names no one workspace (only `name`, or `prefix` with a workspace, can be matched)");
    }

    private static String gcsPrefix(final String prefix) {
        String trimmed = prefix;
        while (trimmed.startsWith("/")) {
            trimmed = trimmed.substring(1);
        }
        return trimmed.isEmpty() || trimmed.endsWith("/") ? trimmed : trimmed + "/";
    }

    private static String local(final String dir, final String path) {
        Path file = Path.of(path);
        Path resolved = file.isAbsolute() || ".".equals(dir) ? file : Path.of(dir).resolve(file);
        String normalized = resolved.normalize().toString().replace('\\', '/');
        return normalized.isEmpty() ? "." : normalized;
    }

    private static String required(final HclValue.ObjectValue config, final String key) throws NotKnown {
        HclValue value = config.get(key).orElseThrow(() -> new NotKnown("`" + key + "` is not set here (a partial configuration?)"));
        return value.text().orElseThrow(() -> new NotKnown("`" + key + "` is not a plain string"));
    }

    private static String optional(final HclValue.ObjectValue config, final String key, final String fallback) throws NotKnown {
        if (config.get(key).isEmpty()) {
            return fallback;
        }
        return required(config, key);
    }

    /** Why an address cannot be known; ends the reading of one configuration. */
    private static final class NotKnown extends Exception {
        private static final long serialVersionUID = 1L;

        NotKnown(final String message) {
            super(message, null, false, false);
        }
    }
}
