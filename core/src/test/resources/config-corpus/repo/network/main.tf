terraform {
  required_version = ">= 1.6.0"
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}
