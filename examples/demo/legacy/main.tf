# Moved to the platform repository; stacks.yaml leaves it out with `ignore`.
terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 4.0"
    }
  }
}

resource "aws_s3_bucket" "old_assets" {
  bucket = "example-legacy-assets"
}
