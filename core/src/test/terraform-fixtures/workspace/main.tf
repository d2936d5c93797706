# Planned in the workspace "staging" (TF_WORKSPACE); the state lives under terraform.tfstate.d/staging/.
resource "terraform_data" "x" {
  input = "in ${terraform.workspace}"
}

output "workspace" {
  value = terraform.workspace
}
