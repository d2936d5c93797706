terraform {
  backend "s3" {}
}

resource "aws_route53_record" "www" {
  name = "www"
}
