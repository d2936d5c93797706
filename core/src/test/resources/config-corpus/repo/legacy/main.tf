terraform {
}

resource "aws_s3_bucket" "old" {
  bucket = "old"
}
