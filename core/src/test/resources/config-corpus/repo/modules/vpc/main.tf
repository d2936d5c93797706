terraform {
  required_providers {}
}

variable "cidr" {}
