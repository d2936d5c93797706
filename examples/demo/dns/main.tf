terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

provider "aws" {
  region = "eu-west-1"
}

# Reads the network stack's outputs; stacks.yaml says dns dependsOn network.
data "terraform_remote_state" "network" {
  backend = "local"
  config = {
    path = "../network/terraform.tfstate"
  }
}

variable "zone_id" {
  type    = string
  default = "Z0123456789EXAMPLE"
}

resource "aws_route53_record" "www" {
  zone_id = var.zone_id
  name    = "www.example.com"
  type    = "CNAME"
  ttl     = 300
  records = ["web.example.com"]
}
