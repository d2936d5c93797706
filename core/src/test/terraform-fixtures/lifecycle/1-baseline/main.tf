# The baseline of the lifecycle stack. Every object is imported with a fixed id (terraform_data takes the
# import id as its id), so the later plans' "before" values are the same on every run.
variable "label" {
  type    = string
  default = "one"
}

variable "token" {
  type      = string
  sensitive = true
  default   = "fake-token-0001-not-a-secret"
}

import {
  to = terraform_data.x
  id = "fixture-x"
}
resource "terraform_data" "x" {
  input = var.label
}

import {
  to = terraform_data.y
  id = "fixture-y"
}
resource "terraform_data" "y" {
}

import {
  to = terraform_data.w
  id = "fixture-w"
}
resource "terraform_data" "w" {
  lifecycle {
    create_before_destroy = true
  }
}

import {
  to = terraform_data.z
  id = "fixture-z"
}
resource "terraform_data" "z" {
  input = "removed from the code in step 2"
}

import {
  to = terraform_data.f
  id = "fixture-f"
}
resource "terraform_data" "f" {
  input = "forgotten in step 2"
}

import {
  to = terraform_data.s
  id = "fixture-s"
}
resource "terraform_data" "s" {
  input = sensitive({ key = "fake-secret-0001" })
}

import {
  to = terraform_data.n[0]
  id = "fixture-n0"
}
import {
  to = terraform_data.n[1]
  id = "fixture-n1"
}
resource "terraform_data" "n" {
  count = 2
  input = "n-${count.index}"
}

import {
  to = terraform_data.m
  id = "fixture-m"
}
resource "terraform_data" "m" {
  input = "moved in step 2"
}

output "plain" {
  value = terraform_data.x.output
}

output "secret" {
  value     = var.token
  sensitive = true
}

output "gone" {
  value = "removed from the code in step 2"
}

output "same" {
  value = "unchanged"
}
