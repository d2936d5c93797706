variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "cidr_block" {
  type    = string
  default = "10.20.0.0/16"
}

variable "web_image_id" {
  type        = string
  description = "AMI the web servers boot from"
  default     = "ami-0123456789abcdef0"
}
