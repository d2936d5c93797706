# A shared module: network uses it through source = "../modules/vpc"; it is never deployed on its own.
terraform {
  required_providers {
    aws = {
      source = "hashicorp/aws"
    }
  }
}

variable "cidr_block" {
  type = string
}

variable "name" {
  type = string
}

resource "aws_internet_gateway" "this" {
  tags = {
    Name = "${var.name}-igw"
  }
}

output "internet_gateway_id" {
  value = aws_internet_gateway.this.id
}
