# The app stack: its outputs read the network stack's state, so they change when that state changes
# (drift a refresh-only plan shows), while terraform_data.app, whose input is a constant, never drifts.
data "terraform_remote_state" "net" {
  backend = "local"
  config = {
    path = "../network/terraform.tfstate"
  }
}

import {
  to = terraform_data.app
  id = "fixture-app" # a fixed id: the same file on every run
}
resource "terraform_data" "app" {
  input = "app"
}

output "net_cidr" {
  value = data.terraform_remote_state.net.outputs.cidr
}

output "net_token" {
  value     = data.terraform_remote_state.net.outputs.token
  sensitive = true
}

output "app_id" {
  value = terraform_data.app.output
}
