# The network stack changed and applied after the app stack last applied: the app's outputs drift.
output "cidr" {
  value = "10.1.0.0/16"
}

output "token" {
  value     = "fake-network-token-0002"
  sensitive = true
}
