# A configuration error: Terraform stops before planning and writes no plan file.
resource "terraform_data" "x" {
  input = terraform_data.missing.output
}
