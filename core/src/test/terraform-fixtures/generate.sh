#!/usr/bin/env bash
# Regenerates, from scratch, every file of the project's own Terraform test data
# (core/src/test/resources/terraform-1.11.4/) from the root modules beside this script, with the real
# Terraform 1.11.4, offline: only the built-in provider (terraform.io/builtin/terraform), the local backend,
# an empty CLI configuration and no version check. Each file is exactly what one terraform command printed
# on stdout; nothing is edited afterwards. The table of files in README.md (between the "files" markers) is
# rewritten from the same run, so it always names the command that made each file.
#
#   core/src/test/terraform-fixtures/generate.sh            # rewrite the files and the README's table
#   core/src/test/terraform-fixtures/generate.sh --check [DIR]
#       regenerate into a temporary folder and compare with the committed files (or those in DIR), the fields
#       that vary per run masked (README.md, "What varies"); exit 1 naming every file that differs
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly here
readonly want_version=1.11.4
committed="$here/../resources/terraform-$want_version"

mode=write
case "${1:-}" in
  "") ;;
  --check) mode=check; committed=${2:-$committed} ;;
  *) echo "usage: $0 [--check [DIR]]" >&2; exit 64 ;;
esac
readonly committed

command -v terraform >/dev/null || { echo "generate.sh: no terraform on PATH (Terraform $want_version is needed)" >&2; exit 1; }
command -v jq >/dev/null || { echo "generate.sh: jq is needed (it reads terraform version -json)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/stackdrift-tf-fixtures.XXXXXX")
readonly work
trap 'rm -rf "$work"' EXIT

# No user configuration (credentials, mirrors, plugin cache), no checkpoint call, no inherited workspace or
# variables: the same environment on every machine.
: >"$work/empty.tfrc"
while IFS= read -r name; do unset "$name"; done < <(compgen -e | grep -E '^TF_' || true)
export TF_CLI_CONFIG_FILE="$work/empty.tfrc" CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1

found=$(terraform version -json | jq -r .terraform_version)
if [ "$found" != "$want_version" ]; then
  echo "generate.sh: terraform $found on PATH; these files are Terraform $want_version's (install it or change the folder name)" >&2
  exit 1
fi

out="$work/out"
mkdir -p "$out"
table="$work/table.md"
: >"$table"

# step DIR RC COMMAND...: a command whose output is not kept (init, applies that set up a state).
step() {
  local dir=$1 rc=$2; shift 2
  local got=0
  (cd "$dir" && "$@") >"$work/step.log" 2>&1 || got=$?
  if [ "$got" != "$rc" ]; then
    echo "generate.sh: in ${dir#"$work"/}: '$*' exited $got, expected $rc:" >&2
    cat "$work/step.log" >&2
    exit 1
  fi
}

# emit FILE SCENARIO RC WHAT COMMAND...: runs COMMAND in the scenario's working folder, keeps its stdout as
# FILE (relative to the output folder), checks its exit code and adds the file's row to the README's table.
emit() {
  local file=$1 scenario=$2 rc=$3 what=$4; shift 4
  local got=0
  mkdir -p "$(dirname "$out/$file")"
  (cd "$work/$scenario" && "$@") >"$out/$file" 2>"$work/stderr.log" || got=$?
  if [ "$got" != "$rc" ]; then
    echo "generate.sh: $file: '$*' exited $got, expected $rc:" >&2
    cat "$work/stderr.log" >&2
    exit 1
  fi
  printf '| `%s` | `%s` | %s | %s |\n' "$file" "$scenario" "${before:+$before, then }\`$*\` (exit $rc)" "$what" >>"$table"
}

# code SCENARIO SOURCE: the scenario's working folder now holds exactly the .tf files of SOURCE.
code() {
  mkdir -p "$work/$1"
  rm -f "$work/$1"/*.tf
  cp "$here/$2"/*.tf "$work/$1/"
}

readonly plan=(terraform plan -input=false -parallelism=1)
readonly apply=(terraform apply -input=false -parallelism=1)

# emit_plan FILE SCENARIO RC WHAT PLAN-ARGS...: plans into a plan file (exit code RC, its screen output not
# kept), then keeps `terraform show -json` of that plan file as FILE.
emit_plan() {
  local file=$1 scenario=$2 rc=$3 what=$4; shift 4
  local planfile
  planfile="$(basename "$file" .json).tfplan"
  step "$work/$scenario" "$rc" "${plan[@]}" -detailed-exitcode "$@" -out="$planfile"
  before="\`${plan[*]} -detailed-exitcode ${*:+$* }-out=$planfile\` (exit $rc)" emit "$file" "$scenario" 0 "$what" \
    terraform show -json "$planfile"
}

# ----------------------------------------------------------------------------------------------- new-stack
code new-stack new-stack
step "$work/new-stack" 0 terraform init -input=false
emit new-stack/plan-stream.jsonl new-stack 2 'plan -json stream of a new stack: 2 creates, 2 outputs created (one sensitive)' \
  "${plan[@]}" -json -detailed-exitcode -out=new.tfplan
emit new-stack/plan.json new-stack 0 'the same plan as JSON: `create` of terraform_data.x and .y, `output_changes` plain and secret (sensitive)' \
  terraform show -json new.tfplan
emit new-stack/apply-stream.jsonl new-stack 0 'apply -json of that plan: apply_start/apply_complete (random ids), change_summary, outputs' \
  "${apply[@]}" -json new.tfplan
emit new-stack/output.json new-stack 0 'output -json after the apply: the sensitive output is marked and carries its (fake) value' \
  terraform output -json
emit new-stack/state.json new-stack 0 'show -json of the state (not a plan): `values`, no `planned_values`' \
  terraform show -json
emit_plan new-stack/plan-in-sync.json new-stack 0 'show -json of the next plan (exit 0): every resource `no-op`, outputs `no-op`'
emit_plan new-stack/refresh-only-in-sync.json new-stack 0 'refresh-only plan after the apply: no `resource_drift`, no `resource_changes` (terraform_data never drifts)' \
  -refresh-only
emit version.json new-stack 0 'version -json of the binary that made every file here' \
  terraform version -json
emit providers-schema.json new-stack 0 'providers schema -json: the built-in provider (terraform_data, terraform_remote_state)' \
  terraform providers schema -json

# ----------------------------------------------------------------------------------------------- lifecycle
code lifecycle lifecycle/1-baseline
step "$work/lifecycle" 0 terraform init -input=false
emit lifecycle/1-baseline.plan-stream.jsonl lifecycle 2 'plan -json of the baseline: every object imported with a fixed id, `import` (no-op) and `update` (import and set input)' \
  "${plan[@]}" -json -detailed-exitcode -out=baseline.tfplan
emit lifecycle/1-baseline.plan.json lifecycle 0 'the same plan as JSON: `importing.id` on every change' \
  terraform show -json baseline.tfplan
step "$work/lifecycle" 0 "${apply[@]}" baseline.tfplan

code lifecycle lifecycle/2-changes
emit lifecycle/2-changes.plan-stream.jsonl lifecycle 2 'plan -json of step 2: update, both replace orders, deletes, forget, move, create, output changes' \
  "${plan[@]}" -json -detailed-exitcode -out=changes.tfplan
emit lifecycle/2-changes.plan.json lifecycle 0 'the same plan as JSON (see the scenario for each address)' \
  terraform show -json changes.tfplan
emit lifecycle/2-changes.apply-stream.jsonl lifecycle 0 'apply -json of that plan' \
  "${apply[@]}" -json changes.tfplan
emit lifecycle/2-changes.output.json lifecycle 0 'output -json after step 2' \
  terraform output -json
# Two plans from the same state; the second is applied first, so the first is stale.
step "$work/lifecycle" 2 "${plan[@]}" -detailed-exitcode -var=label=three-a -out=a.tfplan
step "$work/lifecycle" 2 "${plan[@]}" -detailed-exitcode -var=label=three-b -out=b.tfplan
step "$work/lifecycle" 0 "${apply[@]}" b.tfplan
emit lifecycle/3-stale.apply-stream.jsonl lifecycle 1 'apply -json of a plan made before another plan was applied: diagnostic `Saved plan is stale`' \
  "${apply[@]}" -json a.tfplan
emit_plan lifecycle/4-destroy.plan.json lifecycle 2 'show -json of a destroy plan: every object `delete`, every output `delete`' \
  -destroy
emit lifecycle/4-destroy.plan-stream.jsonl lifecycle 2 'plan -destroy -json: the stream of a destroy plan (operation `plan`)' \
  "${plan[@]}" -destroy -json -detailed-exitcode

# ------------------------------------------------------------------------------------------- nested-update
code nested-update nested-update/1
step "$work/nested-update" 0 terraform init -input=false
step "$work/nested-update" 0 "${apply[@]}" -auto-approve
code nested-update nested-update/2
emit_plan nested-update/plan.json nested-update 2 'an update of leaves deep inside a nested input (objects, lists, maps, a set)'

# -------------------------------------------------------------------------------------------------- errored
code errored errored
step "$work/errored" 0 terraform init -input=false
emit errored/plan-stream.jsonl errored 1 'plan -json that fails a precondition: the error diagnostic (its snippet quotes the fake value), no change_summary' \
  "${plan[@]}" -json -out=errored.tfplan
emit errored/plan.json errored 0 'show -json of the plan file Terraform still wrote: `errored: true`, `applyable: false`, one create listed' \
  terraform show -json errored.tfplan

# -------------------------------------------------------------------------------------- invalid-reference
code invalid-reference invalid-reference
step "$work/invalid-reference" 0 terraform init -input=false
emit invalid-reference/plan-stream.jsonl invalid-reference 1 'plan -json of a configuration error: `Reference to undeclared resource` with its range, no plan file' \
  "${plan[@]}" -json -out=never.tfplan

# --------------------------------------------------------------------------------------------------- checks
code checks checks
step "$work/checks" 0 terraform init -input=false
step "$work/checks" 0 "${apply[@]}" -auto-approve
emit_plan checks/refresh-only.plan.json checks 0 'refresh-only plan with a failing check block: `checks` status `fail`, not errored' \
  -refresh-only

# ------------------------------------------------------------------------------------------------ workspace
code workspace workspace
export TF_WORKSPACE=staging # init creates the workspace (local backend); no workspace select
step "$work/workspace" 0 terraform init -input=false
emit_plan workspace/plan.json workspace 2 'a plan in the workspace staging (`TF_WORKSPACE=staging` for init, plan and show): the name only in values'
unset TF_WORKSPACE

# ---------------------------------------------------------------------------------------------- remote-state
code remote-state/network remote-state/network-1
code remote-state/app remote-state/app
step "$work/remote-state/network" 0 terraform init -input=false
step "$work/remote-state/network" 0 "${apply[@]}" -auto-approve
step "$work/remote-state/app" 0 terraform init -input=false
step "$work/remote-state/app" 0 "${apply[@]}" -auto-approve
code remote-state/network remote-state/network-2
step "$work/remote-state/network" 0 "${apply[@]}" -auto-approve
emit_plan remote-state/app.refresh-only.plan.json remote-state/app 2 'refresh-only plan of app after network changed: `output_changes` update of net_cidr and net_token (sensitive), no resource drift' \
  -refresh-only
emit remote-state/app.refresh-only.plan-stream.jsonl remote-state/app 2 'the same refresh-only plan as a -json stream' \
  "${plan[@]}" -refresh-only -json -detailed-exitcode
emit_plan remote-state/app.plan.json remote-state/app 2 'a normal plan of app in the same state: the same output updates, as code changes'

# ------------------------------------------------------------------------------------------------ the files
if [ "$mode" = check ]; then
  # the fields README.md lists as varying per run, masked on both sides; everything else must be equal
  mask() {
    local uuid='[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
    case "$1" in
      *.jsonl) jq -c 'del(."@timestamp") | if .hook.elapsed_seconds then .hook.elapsed_seconds = 0 else . end' "$1" \
                 | sed -E "s/$uuid/UUID/g; s/ after [0-9]+s/ after Ns/" | sort ;;
      *) jq -S 'del(.timestamp)' "$1" | sed -E "s/$uuid/UUID/g" ;;
    esac
  }
  status=0
  while IFS= read -r file; do
    if [ ! -f "$committed/$file" ]; then
      echo "generate.sh --check: $file is made by the script but not committed" >&2; status=1; continue
    fi
    if ! diff -u <(mask "$committed/$file") <(mask "$out/$file") >"$work/diff" 2>&1; then
      echo "generate.sh --check: $file differs beyond the varying fields:" >&2; head -40 "$work/diff" >&2; status=1
    fi
  done < <(cd "$out" && find . -type f | sed 's|^\./||' | sort)
  while IFS= read -r file; do
    [ -f "$out/$file" ] || { echo "generate.sh --check: $file is committed but the script no longer makes it" >&2; status=1; }
  done < <(cd "$committed" && find . -type f | sed 's|^\./||' | sort)
  [ "$status" = 0 ] && echo "generate.sh --check: every file matches (varying fields masked)"
  exit "$status"
fi

rm -rf "$committed"
mkdir -p "$committed"
cp -R "$out"/. "$committed"/
readme="$here/README.md"
{
  sed '/^<!-- files: begin -->$/q' "$readme"
  echo '| file | scenario (working folder) | command (exit code) | what it shows |'
  echo '|---|---|---|---|'
  cat "$table"
  sed -n '/^<!-- files: end -->$/,$p' "$readme"
} >"$work/README.md"
cp "$work/README.md" "$readme"
echo "generate.sh: wrote $(wc -l <"$table") files to ${committed#"$here"/} and their table to README.md"
