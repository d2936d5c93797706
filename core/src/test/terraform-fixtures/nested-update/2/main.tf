# Step 2: some leaves of the nested value change, one list grows, one map key goes.
resource "terraform_data" "nested" {
  input = {
    name   = "b"
    number = 1
    list   = ["p", "q2", "r", "s"]
    tags   = { Name = "b", "k.8s/x" = "2" }
    object = { flag = false, inner = { number = 2, keep = "same" } }
    items  = [{ name = "i0", size = 1 }, { name = "i1", size = 3 }]
    set    = toset(["s1", "s3"])
  }
}
