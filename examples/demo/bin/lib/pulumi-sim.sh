#!/usr/bin/env bash
# SIMULATION of Pulumi for the Stack Drift demo. Not a real tool: it knows the two demo projects by their
# directory (platform/ = project "platform", app/ = project "shop-app"), each with the stack "prod", and
# prints what the real CLI prints in the same formats (the preview digest, 4-space indented; stack output
# JSON; the typed exit codes of v3.226+). `preview --save-plan FILE` writes an update plan, and
# `up --plan FILE` requires that file and refuses an update the plan does not allow. State lives in
# .pulumi/demo-state/ in the project directory (left out of the stack digest, like real tool caches); delete it
# to start the demo over.
#
#   platform:prod  in sync.
#   shop-app:prod  reads the stack reference acme/platform/prod; the code changed the bucket's
#                  tags.CostCenter, so a preview has a pending update until `pulumi up` ran.
#
# `destroy --preview-only --json` prints the digest of what `destroy` would delete (nothing once destroyed);
# `destroy --yes` deletes it, after which a preview creates everything from the code again.
set -u

version=3.230.0
state_dir="$PWD/.pulumi/demo-state"
case "$(basename "$PWD")" in
  platform) project=platform ;;
  app) project=shop-app ;;
  *) project="" ;;
esac
applied() { [ -f "$state_dir/applied" ]; }
destroyed() { [ -f "$state_dir/destroyed" ]; }

fail() { # exit-code message
  printf 'error: %s\n' "$2" >&2
  exit "$1"
}

# ------------------------------------------------------------------------------------------ arguments
command=""
sub=""
stack=""
json=false refresh=false preview_only=false yes=false skip_preview=false expect_no_changes=false
save_plan="" plan_file=""
while [ $# -gt 0 ]; do
  case "$1" in
    --save-plan) save_plan="${2:-}"; shift ;;
    --save-plan=*) save_plan="${1#--save-plan=}" ;;
    --plan) plan_file="${2:-}"; shift ;;
    --plan=*) plan_file="${1#--plan=}" ;;
    --stack|-s) stack="${2:-}"; shift ;;
    --stack=*) stack="${1#--stack=}" ;;
    --json|-j) json=true ;;
    --refresh|-r|--refresh=true) refresh=true ;;
    --preview-only) preview_only=true ;;
    --yes|-y) yes=true ;;
    --skip-preview|-f) skip_preview=true ;;
    --expect-no-changes) expect_no_changes=true ;;
    --show-secrets=false|--non-interactive|--diff) ;;
    --show-secrets|--show-secrets=true) fail 2 "this simulation never shows secrets" ;;
    -*) fail 2 "unknown flag: $1" ;;
    *) if [ -z "$command" ]; then command="$1"; elif [ -z "$sub" ]; then sub="$1"; fi ;;
  esac
  shift
done

if [ "$command" = version ]; then
  printf 'v%s\n' "$version"
  exit 0
fi
[ -n "$project" ] || fail 1 "no Pulumi.yaml project file found (searching upwards from $PWD); this simulation knows only the demo projects platform/ and app/"
[ -n "$stack" ] || fail 1 "no stack selected; pass --stack (this simulation does not remember a selected stack)"
# acme/prod and acme/<project>/prod name the same stack as prod
if [ "${stack##*/}" != prod ]; then
  fail 6 "no stack named '$stack' found"
fi

root_urn="urn:pulumi:prod::$project::pulumi:pulumi:Stack::$project-prod"
provider_urn="urn:pulumi:prod::$project::pulumi:providers:aws::default_6_63_0"
provider_ref="$provider_urn::8e1c3f52-3f0d-4f4b-9a33-0c7b1d5e2a61"

# -------------------------------------------------------------------------------------- digest pieces
root_step() { # op
  cat <<JSON
        {
            "op": "$1",
            "urn": "$root_urn",
            "oldState": {
                "urn": "$root_urn",
                "custom": false,
                "type": "pulumi:pulumi:Stack",
                "created": "2026-10-02T08:14:51.113Z",
                "modified": "2026-10-02T08:14:51.113Z"
            },
            "newState": {
                "urn": "$root_urn",
                "custom": false,
                "type": "pulumi:pulumi:Stack",
                "created": "2026-10-02T08:14:51.113Z",
                "modified": "2026-10-02T08:14:51.113Z"
            },
            "detailedDiff": null
        }
JSON
}

# a resource state (ResourceV3): type name id inputs-json outputs-json (inputs/outputs at 20 spaces)
resource_state() {
  cat <<JSON
{
                "urn": "urn:pulumi:prod::$project::$1::$2",
                "custom": true,
                "id": "$3",
                "type": "$1",
                "inputs": $4,
                "outputs": $5,
                "parent": "$root_urn",
                "provider": "$provider_ref",
                "created": "2026-10-02T08:15:07.402Z",
                "modified": "2026-10-02T08:15:07.402Z"
            }
JSON
}

refresh_step() { # type name id inputs outputs
  local state
  state="$(resource_state "$@")"
  cat <<JSON
        {
            "op": "refresh",
            "urn": "urn:pulumi:prod::$project::$1::$2",
            "provider": "$provider_ref",
            "oldState": $state,
            "newState": $state,
            "detailedDiff": null
        }
JSON
}

tags_json() { # cost-center
  printf '{\n                    "CostCenter": "%s",\n                    "Team": "shop"\n                }' "$1"
}
bucket_inputs() { # cost-center
  printf '{\n                    "bucket": "shop-assets-5c1e9a2",\n                    "forceDestroy": false,\n                    "tags": %s\n                }' "$(tags_json "$1" | sed 's/^/    /; 1s/^    //')"
}
bucket_outputs() { # cost-center
  printf '{\n                    "arn": "arn:aws:s3:::shop-assets-5c1e9a2",\n                    "bucket": "shop-assets-5c1e9a2",\n                    "id": "shop-assets-5c1e9a2",\n                    "tags": %s\n                }' "$(tags_json "$1" | sed 's/^/    /; 1s/^    //')"
}
logs_inputs='{
                    "bucket": "platform-logs-91d3",
                    "forceDestroy": false
                }'
logs_outputs='{
                    "arn": "arn:aws:s3:::platform-logs-91d3",
                    "bucket": "platform-logs-91d3",
                    "id": "platform-logs-91d3"
                }'
role_inputs='{
                    "assumeRolePolicy": "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"Service\":\"codebuild.amazonaws.com\"},\"Action\":\"sts:AssumeRole\"}]}",
                    "name": "platform-deployer"
                }'
role_outputs='{
                    "arn": "arn:aws:iam::111122223333:role/platform-deployer",
                    "id": "platform-deployer",
                    "name": "platform-deployer"
                }'

stack_reference_step() {
  local ref_urn="urn:pulumi:prod::$project::pulumi:pulumi:StackReference::platform"
  local ref_provider="urn:pulumi:prod::$project::pulumi:providers:pulumi::default::0b3a9d4e-1f2c-4e5d-8a7b-6c5d4e3f2a1b"
  cat <<JSON
        {
            "op": "read",
            "urn": "$ref_urn",
            "provider": "$ref_provider",
            "newState": {
                "urn": "$ref_urn",
                "custom": true,
                "id": "acme/platform/prod",
                "type": "pulumi:pulumi:StackReference",
                "inputs": {
                    "name": "acme/platform/prod"
                },
                "parent": "$root_urn",
                "external": true,
                "provider": "$ref_provider"
            },
            "detailedDiff": null
        }
JSON
}

bucket_update_step() {
  cat <<JSON
        {
            "op": "update",
            "urn": "urn:pulumi:prod::$project::aws:s3/bucket:Bucket::assets",
            "provider": "$provider_ref",
            "oldState": $(resource_state aws:s3/bucket:Bucket assets shop-assets-5c1e9a2 "$(bucket_inputs cc-100)" "$(bucket_outputs cc-100)"),
            "newState": $(resource_state aws:s3/bucket:Bucket assets shop-assets-5c1e9a2 "$(bucket_inputs cc-200)" '{}'),
            "diffReasons": [
                "tags"
            ],
            "detailedDiff": {
                "tags.CostCenter": {
                    "kind": "update",
                    "inputDiff": true
                }
            }
        }
JSON
}

digest() { # steps (already joined) summary
  cat <<JSON
{
    "config": {
        "aws:region": "eu-west-1"
    },
    "steps": [
$1
    ],
    "duration": 2840117000,
    "changeSummary": $2
}
JSON
}

join_steps() { # steps...
  local out="" step
  for step in "$@"; do
    if [ -z "$out" ]; then out="$step"; else out="$out,
$step"; fi
  done
  printf '%s' "$out"
}

pending_update() { [ "$project" = shop-app ] && ! applied && ! destroyed; }
cost_center() { if [ "$project" = shop-app ] && applied; then echo cc-200; else echo cc-100; fi; }

refresh_steps() {
  if [ "$project" = platform ]; then
    refresh_step aws:s3/bucket:Bucket logs platform-logs-91d3 "$logs_inputs" "$logs_outputs"
    printf ',\n'
    refresh_step aws:iam/role:Role deployer platform-deployer "$role_inputs" "$role_outputs"
  else
    refresh_step aws:s3/bucket:Bucket assets shop-assets-5c1e9a2 "$(bucket_inputs "$(cost_center)")" "$(bucket_outputs "$(cost_center)")"
  fi
}

# a step on one resource with one state: op type name id inputs outputs
state_step() {
  local field=oldState
  [ "$1" = create ] && field=newState
  cat <<JSON
        {
            "op": "$1",
            "urn": "urn:pulumi:prod::$project::$2::$3",
            "provider": "$provider_ref",
            "$field": $(resource_state "$2" "$3" "$4" "$5" "$6"),
            "detailedDiff": null
        }
JSON
}

# every resource of the program, as steps of one op (delete for a destroy, create after one)
resource_steps() { # op
  if [ "$project" = platform ]; then
    join_steps "$(state_step "$1" aws:s3/bucket:Bucket logs platform-logs-91d3 "$logs_inputs" "$logs_outputs")" \
      "$(state_step "$1" aws:iam/role:Role deployer platform-deployer "$role_inputs" "$role_outputs")"
  else
    state_step "$1" aws:s3/bucket:Bucket assets shop-assets-5c1e9a2 "$(bucket_inputs "$(cost_center)")" "$(bucket_outputs "$(cost_center)")"
  fi
}
resource_count() { if [ "$project" = platform ]; then echo 2; else echo 1; fi; }

# ------------------------------------------------------------------------------------------ commands
cmd_destroy() {
  if $preview_only; then
    $json || fail 2 "this simulation prints destroy previews with --json only"
    if destroyed; then
      digest "" '{}'
    else
      digest "$(resource_steps delete)" "{
        \"delete\": $(resource_count)
    }"
    fi
    return 0
  fi
  $yes || $skip_preview || fail 1 "--yes or --skip-preview must be passed in to proceed when running in non-interactive mode"
  printf 'Destroying (prod)\n\n'
  local gone=0
  if ! destroyed; then
    sleep 1
    gone="$(resource_count)"
  fi
  mkdir -p "$state_dir" && touch "$state_dir/destroyed" && rm -f "$state_dir/applied"
  printf '\nResources:\n    - %s deleted\n\nDuration: 2s\n\nThe resources in the stack have been deleted, but the history and configuration associated with the stack are still maintained.\n' "$gone"
}

cmd_preview() {
  $json || fail 2 "this simulation prints previews with --json only"
  if destroyed; then
    # everything is created again from the code
    local steps=("$(resource_steps create)")
    [ "$project" = shop-app ] && steps+=("$(stack_reference_step)")
    digest "$(join_steps "${steps[@]}")" "{
        \"create\": $(resource_count)
    }"
    if [ -n "$save_plan" ]; then
      printf '{\n  "manifest": {"version": "v%s"},\n  "resourcePlans": {\n    "urn:pulumi:prod::%s::aws:s3/bucket:Bucket::assets": {"steps": ["create"]}\n  }\n}\n' \
        "$version" "$project" > "$save_plan" || fail 1 "could not write the update plan to $save_plan"
    fi
    return 0
  fi
  local steps=("$(root_step same)")
  $refresh && steps+=("$(refresh_steps)")
  if [ "$project" = shop-app ]; then
    steps+=("$(stack_reference_step)")
    pending_update && steps+=("$(bucket_update_step)")
  fi
  local summary
  if [ "$project" = platform ]; then
    summary='{
        "same": 4
    }'
  elif pending_update; then
    summary='{
        "same": 2,
        "update": 1
    }'
  else
    summary='{
        "same": 3
    }'
  fi
  digest "$(join_steps "${steps[@]}")" "$summary"
  if [ -n "$save_plan" ]; then
    # an update plan: what this preview allows an `up --plan` to do (the simulation records only whether
    # the bucket update was proposed, enough to refuse an update the preview did not show)
    if pending_update; then allowed='"update"'; else allowed='"same"'; fi
    printf '{\n  "manifest": {"version": "v%s"},\n  "resourcePlans": {\n    "urn:pulumi:prod::%s::aws:s3/bucket:Bucket::assets": {"steps": [%s]}\n  }\n}\n' \
      "$version" "$project" "$allowed" > "$save_plan" || fail 1 "could not write the update plan to $save_plan"
  fi
  if $expect_no_changes && pending_update; then
    fail 7 "no changes were expected but changes were proposed"
  fi
}

cmd_refresh() {
  $preview_only || fail 2 "this simulation only previews refreshes (--preview-only); it never writes state"
  $json || fail 2 "this simulation prints refresh previews with --json only"
  if destroyed; then
    digest "" '{}'
    return 0
  fi
  local summary
  if [ "$project" = platform ]; then
    summary='{
        "same": 2
    }'
  else
    summary='{
        "same": 1
    }'
  fi
  digest "$(refresh_steps)" "$summary"
}

cmd_up() {
  $yes || $skip_preview || fail 1 "--yes or --skip-preview must be passed in to proceed when running in non-interactive mode"
  if [ -n "$plan_file" ]; then
    [ -f "$plan_file" ] || fail 1 "open $plan_file: no such file or directory"
    if destroyed && ! grep -q '"create"' "$plan_file"; then
      fail 1 "create is not allowed by the plan: no steps were expected for the resources of $project"
    fi
    # the update may do only what the saved preview proposed
    if pending_update && ! grep -q '"update"' "$plan_file"; then
      fail 1 "update is not allowed by the plan: no steps were expected for urn:pulumi:prod::$project::aws:s3/bucket:Bucket::assets"
    fi
  fi
  printf 'Updating (prod)\n\n'
  printf '     Type                 Name            Status            Info\n'
  printf '     pulumi:pulumi:Stack  %s-prod                    \n' "$project"
  local updated=0
  if destroyed; then
    sleep 1
    rm -f "$state_dir/destroyed"
    mkdir -p "$state_dir" && touch "$state_dir/applied"
    printf '\nResources:\n    + %s created\n\nDuration: 3s\n\n' "$(resource_count)"
    return 0
  fi
  if pending_update; then
    sleep 1
    printf ' ~   └─ aws:s3:Bucket     assets          updated (1s)      [diff: ~tags]\n'
    updated=1
  fi
  mkdir -p "$state_dir" && touch "$state_dir/applied"
  printf '\nOutputs:\n'
  if [ "$project" = shop-app ]; then
    printf '    bucketName: "shop-assets-5c1e9a2"\n    dbPassword: [secret]\n'
  else
    printf '    deployerRoleArn: "arn:aws:iam::111122223333:role/platform-deployer"\n    logBucket      : "platform-logs-91d3"\n'
  fi
  printf '\nResources:\n'
  [ "$updated" -gt 0 ] && printf '    ~ %s updated\n' "$updated"
  if [ "$project" = shop-app ]; then printf '    %s unchanged\n' $((3 - updated)); else printf '    4 unchanged\n'; fi
  printf '\nDuration: 3s\n\n'
}

cmd_stack_output() {
  $json || fail 2 "this simulation prints outputs with --json only"
  if destroyed; then
    printf '{}\n'
  elif [ "$project" = shop-app ]; then
    printf '{\n  "bucketName": "shop-assets-5c1e9a2",\n  "dbPassword": "[secret]"\n}\n'
  else
    printf '{\n  "deployerRoleArn": "arn:aws:iam::111122223333:role/platform-deployer",\n  "logBucket": "platform-logs-91d3"\n}\n'
  fi
}

case "$command" in
  preview) cmd_preview ;;
  refresh) cmd_refresh ;;
  up|update) cmd_up ;;
  destroy) cmd_destroy ;;
  stack)
    [ "$sub" = output ] || fail 2 "this simulation knows only \"stack output\""
    cmd_stack_output ;;
  *) fail 2 "this is a Pulumi simulation for the Stack Drift demo; it knows preview, refresh --preview-only, up, destroy, stack output and version" ;;
esac
