package io.stackdrift.tfconfig;

import java.util.Objects;

/**
 * Where one state lives, as far as a static reading can name it: two stacks with equal addresses read and write the same
 * state. Addresses only, never a credential of the backend's configuration: {@link #describe()} may be shown.
 */
public sealed interface BackendAddress {
    /** The address in words, for a note: {@code s3 bucket acme-state key network/terraform.tfstate}. */
    String describe();

    /** A local state file: its path, normalized, relative to the repository root ('/'-separated) or absolute. */
    record LocalFile(String path) implements BackendAddress {
        public LocalFile {
            Objects.requireNonNull(path, "path");
        }

        @Override
        public String describe() {
            return "local state " + path;
        }
    }

    /** An object of an S3 bucket: {@code key} is the object's whole key (the workspace's prefix included). */
    record S3Object(String bucket, String key) implements BackendAddress {
        public S3Object {
            Objects.requireNonNull(bucket, "bucket");
            Objects.requireNonNull(key, "key");
        }

        @Override
        public String describe() {
            return "s3 bucket " + bucket + " key " + key;
        }
    }

    /** An object of a Google Cloud Storage bucket: {@code prefix/workspace.tfstate}. */
    record GcsObject(String bucket, String object) implements BackendAddress {
        public GcsObject {
            Objects.requireNonNull(bucket, "bucket");
            Objects.requireNonNull(object, "object");
        }

        @Override
        public String describe() {
            return "gcs bucket " + bucket + " object " + object;
        }
    }

    /** A blob of an Azure storage container: {@code key} is the blob's whole name (the workspace's suffix included). */
    record AzureBlob(String container, String key) implements BackendAddress {
        public AzureBlob {
            Objects.requireNonNull(container, "container");
            Objects.requireNonNull(key, "key");
        }

        @Override
        public String describe() {
            return "azurerm container " + container + " key " + key;
        }
    }

    /** A workspace of HCP Terraform or Terraform Enterprise (backend {@code remote} or a {@code cloud} block). */
    record RemoteWorkspace(String organization, String workspace) implements BackendAddress {
        public RemoteWorkspace {
            Objects.requireNonNull(organization, "organization");
            Objects.requireNonNull(workspace, "workspace");
        }

        @Override
        public String describe() {
            return "remote organization " + organization + " workspace " + workspace;
        }
    }
}
