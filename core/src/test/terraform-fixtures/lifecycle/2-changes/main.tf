# Step 2 of the lifecycle stack: one plan with every kind of change the built-in provider can make.
variable "label" {
  type    = string
  default = "two"
}

variable "token" {
  type      = string
  sensitive = true
  default   = "fake-token-0002-not-a-secret" # changed: the sensitive output is updated
}

# update: input changed through var.label (its output follows it, unknown until apply)
resource "terraform_data" "x" {
  input = var.label
}

# replace, delete then create: triggers_replace set
resource "terraform_data" "y" {
  triggers_replace = ["t2"]
}

# replace, create then delete: triggers_replace set under create_before_destroy
resource "terraform_data" "w" {
  triggers_replace = ["t2"]
  lifecycle {
    create_before_destroy = true
  }
}

# terraform_data.z: gone from the code, so deleted

# terraform_data.f: gone from the code, forgotten (left in place, out of the state)
removed {
  from = terraform_data.f
  lifecycle {
    destroy = false
  }
}

# update of a sensitive value
resource "terraform_data" "s" {
  input = sensitive({ key = "fake-secret-0002" })
}

# n[1] deleted because the count shrank
resource "terraform_data" "n" {
  count = 1
  input = "n-${count.index}"
}

# m moved to m2, nothing else
moved {
  from = terraform_data.m
  to   = terraform_data.m2
}
resource "terraform_data" "m2" {
  input = "moved in step 2"
}

# create
resource "terraform_data" "c" {
  input = "created in step 2"
}

output "plain" {
  value = terraform_data.x.output
}

output "secret" {
  value     = var.token
  sensitive = true
}

output "added" {
  value = "added in step 2"
}

output "same" {
  value = "unchanged"
}
