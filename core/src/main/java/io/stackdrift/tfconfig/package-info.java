/**
 * What a Terraform/OpenTofu root module's own files say about state, read without running a tool: its backend and
 * the {@code terraform_remote_state} data sources it reads (docs/configuration.md, "dependsOn: auto for
 * Terraform and OpenTofu").
 *
 * <p>{@link io.stackdrift.tfconfig.HclReader} is a small, strict reader of HCL's structure (blocks, arguments,
 * string literals and objects; every other expression is skipped as "not statically known"), and
 * {@link io.stackdrift.tfconfig.TfJsonReader} reads the same from {@code *.tf.json}. {@link io.stackdrift.tfconfig.StateMatcher}
 * matches every read against the other stacks' backends. Only literal strings count: a value written with a
 * variable, a local or a function is never guessed.
 */
package io.stackdrift.tfconfig;
