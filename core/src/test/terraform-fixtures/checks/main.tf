# A check block whose assertion fails: a warning, not an error, so the plan is complete and applyable.
import {
  to = terraform_data.x
  id = "fixture-x" # a fixed id: the same file on every run
}
resource "terraform_data" "x" {
  input = "one"
}

check "x_is_two" {
  assert {
    condition     = terraform_data.x.output == "two"
    error_message = "terraform_data.x.output is not two."
  }
}
