# A plan that fails part way: the precondition of terraform_data.x fails, terraform_data.ok is still planned.
# Terraform writes the plan file (errored, not applyable) and the diagnostic quotes the value it tested.
variable "replicas" {
  type    = string
  default = "fake-value-0000"
}

resource "terraform_data" "ok" {
  input = "fine"
}

resource "terraform_data" "x" {
  input = var.replicas
  lifecycle {
    precondition {
      condition     = can(tonumber(var.replicas))
      error_message = "The replicas count must be a number."
    }
  }
}
