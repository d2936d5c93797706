# A nested value as first applied; step 2 changes some leaves of it.
import {
  to = terraform_data.nested
  id = "fixture-nested"
}
resource "terraform_data" "nested" {
  input = {
    name   = "a"
    number = 1
    list   = ["p", "q", "r"]
    tags   = { Name = "a", "k.8s/x" = "1", keep = "same" }
    object = { flag = true, inner = { number = 1, keep = "same" } }
    items  = [{ name = "i0", size = 1 }, { name = "i1", size = 2 }]
    set    = toset(["s1", "s2"])
  }
}
