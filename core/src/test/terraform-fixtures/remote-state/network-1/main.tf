# The network stack as first applied; the app stack reads its state.
output "cidr" {
  value = "10.0.0.0/16"
}

output "token" {
  value     = "fake-network-token-0001"
  sensitive = true
}
