provider "registry.opentofu.org/hashicorp/aws" {
  version = "5.82.2"
}
