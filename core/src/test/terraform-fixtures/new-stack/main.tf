# A stack that does not exist yet: every resource and output is created.
variable "token" {
  type      = string
  sensitive = true
  default   = "fake-token-0001-not-a-secret"
}

resource "terraform_data" "x" {
  input = "one"
}

resource "terraform_data" "y" {
  triggers_replace = ["t1"]
}

output "plain" {
  value = terraform_data.x.output
}

output "secret" {
  value     = var.token
  sensitive = true
}
