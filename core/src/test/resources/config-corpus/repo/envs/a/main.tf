terraform {
  backend "s3" {}
}

resource "aws_instance" "app" {
  ami = "ami-1"
}
