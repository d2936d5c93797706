terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }

  backend "s3" {
    bucket = "example-stackdrift-state"
    key    = "dns/terraform.tfstate"
    region = "eu-west-1"
  }
}

provider "aws" {
  region = "eu-west-1"
}

# Reads the network stack's outputs; stacks.yaml says dns dependsOn network.
data "terraform_remote_state" "network" {
  backend = "s3"
  config = {
    bucket = "example-stackdrift-state"
    key    = "network/terraform.tfstate"
    region = "eu-west-1"
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
