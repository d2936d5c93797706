#!/usr/bin/env bash
# SIMULATION of Terraform / OpenTofu for the Stack Drift demo. Not a real tool: it knows the two demo
# root modules (network, dns) by their directory name and prints what the real CLI would print in the
# same formats (plan JSON format 1.2, provider schema format 1.0, -detailed-exitcode exit codes). Its
# "infrastructure" is a small state kept in .terraform/demo-state/ inside the stack directory (left out of the stack digest, like the real cache); delete that
# directory to start the demo over.
#
#   network  aws_vpc.main, aws_subnet.public[0..1], aws_autoscaling_group.web. Drifted until applied:
#            aws_vpc.main tags.Owner was changed by hand, aws_autoscaling_group.web desired_capacity by the
#            autoscaler (owned elsewhere: an *override.tf with ignore_changes = [desired_capacity] keeps
#            the plan from reverting it).
#   dns      aws_route53_record.www, in sync; the code lowers ttl, so a preview has a pending update.
#
# `plan -destroy -out=FILE` plans deleting every resource (nothing, once destroyed); applying that plan
# leaves the stack destroyed, and the next plan creates everything from the code again.
set -u

tool="$1"
shift
if [ "$tool" = tofu ]; then
  version=1.8.3
  registry=registry.opentofu.org
  product=OpenTofu
else
  version=1.9.5
  registry=registry.terraform.io
  product=Terraform
fi
provider="$registry/hashicorp/aws"
stack="$(basename "$PWD")"
state_dir="$PWD/.terraform/demo-state"
now="$(date -u +%Y-%m-%dT%H:%M:%SZ)"

# plan -json / apply -json: the machine-readable UI on stdout (fd 3), human lines dropped
json_ui=false
json_string() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }
start_json_ui() {
  json_ui=true
  exec 3>&1 1>/dev/null
  printf '{"@level":"info","@message":"%s %s","@module":"%s.ui","type":"version","%s":"%s","ui":"1.2"}\n' \
    "$product" "$version" "$tool" "$tool" "$version" >&3
}

fail() {
  if $json_ui; then
    # the real CLI prints each diagnostic as one JSON line in -json mode
    printf '{"@level":"error","@message":"Error: %s","@module":"%s.ui","type":"diagnostic","diagnostic":{"severity":"error","summary":"%s","detail":"%s"}}\n' \
      "$(json_string "$1")" "$tool" "$(json_string "$1")" "$(json_string "${2:-}")" >&3
    exit 1
  fi
  # the real CLI frames diagnostics on stderr
  printf '\n\xe2\x95\xb7\n\xe2\x94\x82 Error: %s\n\xe2\x94\x82 \n\xe2\x94\x82 %s\n\xe2\x95\xb5\n' "$1" "${2:-}" >&2
  exit 1
}

known_stack() {
  case "$stack" in
    network|dns) ;;
    *) fail "No configuration files" "This $product simulation knows only the demo root modules network and dns (not $stack)." ;;
  esac
}

generation() { cat "$state_dir/generation" 2>/dev/null || echo 0; }
applied() { [ -f "$state_dir/applied" ]; }
destroyed() { [ -f "$state_dir/destroyed" ]; }
# the plugin writes an override file with lifecycle { ignore_changes = [...] } before planning (spec §5)
desired_capacity_ignored() { grep -qs desired_capacity "$PWD"/override.tf "$PWD"/*_override.tf "$PWD"/override.tf.json "$PWD"/*_override.tf.json; }

# ---------------------------------------------------------------------------------------------- values
vpc_id=vpc-0a1b2c3d4e5f60718
subnet0=subnet-0aa11bb22cc33dd44
subnet1=subnet-0ee55ff66aa77bb88
vpc() { # $1 = Owner tag
  printf '{"arn":"arn:aws:ec2:eu-west-1:111122223333:vpc/%s","cidr_block":"10.20.0.0/16","enable_dns_hostnames":true,"id":"%s","tags":{"Name":"demo-network","Owner":"%s"},"tags_all":{"Name":"demo-network","Owner":"%s"}}' "$vpc_id" "$vpc_id" "$1" "$1"
}
subnet() { # $1 index
  local id=$subnet0 zone=eu-west-1a
  [ "$1" = 1 ] && id=$subnet1 zone=eu-west-1b
  printf '{"arn":"arn:aws:ec2:eu-west-1:111122223333:subnet/%s","availability_zone":"%s","cidr_block":"10.20.%s.0/24","id":"%s","tags":{"Name":"demo-public-%s"},"tags_all":{"Name":"demo-public-%s"},"vpc_id":"%s"}' "$id" "$zone" "$1" "$id" "$1" "$1" "$vpc_id"
}
asg() { # $1 desired capacity
  printf '{"arn":"arn:aws:autoscaling:eu-west-1:111122223333:autoScalingGroup:5d1c:autoScalingGroupName/demo-web","desired_capacity":%s,"id":"demo-web","launch_template":[{"id":"lt-0123456789abcdef0","name":"demo-web","version":"$Latest"}],"max_size":6,"min_size":1,"name":"demo-web","vpc_zone_identifier":["%s","%s"]}' "$1" "$subnet0" "$subnet1"
}
record() { # $1 ttl
  printf '{"alias":[],"allow_overwrite":null,"fqdn":"www.demo.example.com","health_check_id":"","id":"Z0123456789ABCDEFGHIJ_www.demo.example.com_CNAME","multivalue_answer_routing_policy":false,"name":"www.demo.example.com","records":["demo-lb-1234.eu-west-1.elb.amazonaws.com"],"set_identifier":"","ttl":%s,"type":"CNAME","zone_id":"Z0123456789ABCDEFGHIJ"}' "$1"
}
# sensitive-values masks: every map and list present, no leaf sensitive
vpc_mask='{"tags":{},"tags_all":{}}'
subnet_mask='{"tags":{},"tags_all":{}}'
asg_mask='{"launch_template":[{}],"vpc_zone_identifier":[false,false]}'
record_mask='{"alias":[],"records":[false]}'

# one resource of a values representation: address type name index values mask
resource_value() {
  local index=""
  [ -n "$4" ] && index="\"index\":$4,"
  printf '{"address":"%s","mode":"managed","type":"%s","name":"%s",%s"provider_name":"%s","schema_version":%s,"values":%s,"sensitive_values":%s}' \
    "$1" "$2" "$3" "$index" "$provider" "$( [ "$2" = aws_vpc ] && echo 1 || echo 0 )" "$5" "$6"
}
# one resource-change object: address type name index action before after mask
resource_change() {
  local index=""
  [ -n "$4" ] && index="\"index\":$4,"
  printf '{"address":"%s","mode":"managed","type":"%s","name":"%s",%s"provider_name":"%s","change":{"actions":["%s"],"before":%s,"after":%s,"after_unknown":{},"before_sensitive":%s,"after_sensitive":%s}}' \
    "$1" "$2" "$3" "$index" "$provider" "$5" "$6" "$7" "$8" "$8"
}

# ------------------------------------------------------------------------------ the demo's three states
# recorded = what the last apply saved; real = what exists now; code = what the configuration says
network_owner_recorded=platform-team network_owner_real=j.doe network_owner_code=platform-team
network_capacity_recorded=2 network_capacity_real=4 network_capacity_code=2
dns_ttl_recorded=300 dns_ttl_code=60
if applied; then
  network_owner_real=platform-team
  # the apply kept the autoscaler's value (ignore_changes) and saved what it found
  network_capacity_recorded=4
  dns_ttl_recorded=60
fi
network_capacity_planned=$network_capacity_code
desired_capacity_ignored && network_capacity_planned=$network_capacity_real

# ------------------------------------------------------------------------------------------ plan JSON
planned_values() { # mode
  if [ "$1" = refresh-only ] || [ "$1" = destroy ]; then
    printf '{"root_module":{}}'
  elif [ "$stack" = network ]; then
    printf '{"outputs":{"flow_log_token":{"sensitive":true,"type":"string","value":"demo-not-a-real-token-7f3a"},"subnet_ids":{"sensitive":false,"type":["list","string"],"value":["%s","%s"]},"vpc_id":{"sensitive":false,"type":"string","value":"%s"}},"root_module":{"resources":[%s,%s,%s,%s]}}' \
      "$subnet0" "$subnet1" "$vpc_id" \
      "$(resource_value aws_autoscaling_group.web aws_autoscaling_group web "" "$(asg "$network_capacity_planned")" "$asg_mask")" \
      "$(resource_value 'aws_subnet.public[0]' aws_subnet public 0 "$(subnet 0)" "$subnet_mask")" \
      "$(resource_value 'aws_subnet.public[1]' aws_subnet public 1 "$(subnet 1)" "$subnet_mask")" \
      "$(resource_value aws_vpc.main aws_vpc main "" "$(vpc "$network_owner_code")" "$vpc_mask")"
  else
    printf '{"outputs":{"fqdn":{"sensitive":false,"type":"string","value":"www.demo.example.com"}},"root_module":{"resources":[%s]}}' \
      "$(resource_value aws_route53_record.www aws_route53_record www "" "$(record "$dns_ttl_code")" "$record_mask")"
  fi
}

prior_state() {
  if destroyed; then
    printf '{"format_version":"1.0","terraform_version":"%s","values":{"root_module":{}}}' "$version"
  elif [ "$stack" = network ]; then
    printf '{"format_version":"1.0","terraform_version":"%s","values":{"outputs":{"flow_log_token":{"sensitive":true,"value":"demo-not-a-real-token-7f3a","type":"string"},"subnet_ids":{"sensitive":false,"value":["%s","%s"],"type":["list","string"]},"vpc_id":{"sensitive":false,"value":"%s","type":"string"}},"root_module":{"resources":[%s,%s,%s,%s]}}}' \
      "$version" "$subnet0" "$subnet1" "$vpc_id" \
      "$(resource_value aws_autoscaling_group.web aws_autoscaling_group web "" "$(asg "$network_capacity_real")" "$asg_mask")" \
      "$(resource_value 'aws_subnet.public[0]' aws_subnet public 0 "$(subnet 0)" "$subnet_mask")" \
      "$(resource_value 'aws_subnet.public[1]' aws_subnet public 1 "$(subnet 1)" "$subnet_mask")" \
      "$(resource_value aws_vpc.main aws_vpc main "" "$(vpc "$network_owner_real")" "$vpc_mask")"
  else
    printf '{"format_version":"1.0","terraform_version":"%s","values":{"outputs":{"fqdn":{"sensitive":false,"value":"www.demo.example.com","type":"string"}},"root_module":{"resources":[%s]}}}' \
      "$version" "$(resource_value aws_route53_record.www aws_route53_record www "" "$(record "$dns_ttl_recorded")" "$record_mask")"
  fi
}

# drift: the recorded state against what exists (the same list in both modes)
resource_drift() {
  local entries=()
  destroyed && return 0
  if [ "$stack" = network ]; then
    [ "$network_capacity_recorded" != "$network_capacity_real" ] && entries+=("$(resource_change aws_autoscaling_group.web aws_autoscaling_group web "" update "$(asg "$network_capacity_recorded")" "$(asg "$network_capacity_real")" "$asg_mask")")
    [ "$network_owner_recorded" != "$network_owner_real" ] && entries+=("$(resource_change aws_vpc.main aws_vpc main "" update "$(vpc "$network_owner_recorded")" "$(vpc "$network_owner_real")" "$vpc_mask")")
  fi
  local IFS=,
  [ ${#entries[@]} -gt 0 ] && printf '%s' "${entries[*]}"
}

# planned actions of a destroy: every resource that exists is deleted
destroy_changes() {
  destroyed && return 0
  if [ "$stack" = network ]; then
    printf '%s,%s,%s,%s' \
      "$(resource_change aws_autoscaling_group.web aws_autoscaling_group web "" delete "$(asg "$network_capacity_real")" null "$asg_mask")" \
      "$(resource_change 'aws_subnet.public[0]' aws_subnet public 0 delete "$(subnet 0)" null "$subnet_mask")" \
      "$(resource_change 'aws_subnet.public[1]' aws_subnet public 1 delete "$(subnet 1)" null "$subnet_mask")" \
      "$(resource_change aws_vpc.main aws_vpc main "" delete "$(vpc "$network_owner_real")" null "$vpc_mask")"
  else
    resource_change aws_route53_record.www aws_route53_record www "" delete "$(record "$dns_ttl_recorded")" null "$record_mask"
  fi
}

# planned actions after a destroy: every resource is created from the code
create_changes() {
  if [ "$stack" = network ]; then
    printf '%s,%s,%s,%s' \
      "$(resource_change aws_autoscaling_group.web aws_autoscaling_group web "" create null "$(asg "$network_capacity_code")" "$asg_mask")" \
      "$(resource_change 'aws_subnet.public[0]' aws_subnet public 0 create null "$(subnet 0)" "$subnet_mask")" \
      "$(resource_change 'aws_subnet.public[1]' aws_subnet public 1 create null "$(subnet 1)" "$subnet_mask")" \
      "$(resource_change aws_vpc.main aws_vpc main "" create null "$(vpc "$network_owner_code")" "$vpc_mask")"
  else
    resource_change aws_route53_record.www aws_route53_record www "" create null "$(record "$dns_ttl_code")" "$record_mask"
  fi
}

# planned actions: what exists against the code (every instance, no-op included)
resource_changes() {
  if destroyed; then
    create_changes
  elif [ "$stack" = network ]; then
    local asg_action=no-op vpc_action=no-op
    [ "$network_capacity_real" != "$network_capacity_planned" ] && asg_action=update
    [ "$network_owner_real" != "$network_owner_code" ] && vpc_action=update
    printf '%s,%s,%s,%s' \
      "$(resource_change aws_autoscaling_group.web aws_autoscaling_group web "" $asg_action "$(asg "$network_capacity_real")" "$(asg "$network_capacity_planned")" "$asg_mask")" \
      "$(resource_change 'aws_subnet.public[0]' aws_subnet public 0 no-op "$(subnet 0)" "$(subnet 0)" "$subnet_mask")" \
      "$(resource_change 'aws_subnet.public[1]' aws_subnet public 1 no-op "$(subnet 1)" "$(subnet 1)" "$subnet_mask")" \
      "$(resource_change aws_vpc.main aws_vpc main "" $vpc_action "$(vpc "$network_owner_real")" "$(vpc "$network_owner_code")" "$vpc_mask")"
  else
    local action=no-op
    [ "$dns_ttl_recorded" != "$dns_ttl_code" ] && action=update
    resource_change aws_route53_record.www aws_route53_record www "" $action "$(record "$dns_ttl_recorded")" "$(record "$dns_ttl_code")" "$record_mask"
  fi
}

# how many planned actions are not no-op
pending_count() { resource_changes | grep -o '"actions":\["[a-z-]*"\]' | grep -vc '"no-op"'; }
destroy_count() { destroy_changes | grep -o '"actions":\["delete"\]' | wc -l | tr -d ' '; }
drift_count() { resource_drift | grep -o '"actions":' | wc -l | tr -d ' '; }

output_changes() {
  if [ "${1:-}" = destroy ] || destroyed; then
    printf '{}'
  elif [ "$stack" = network ]; then
    printf '{"flow_log_token":{"actions":["no-op"],"before":"demo-not-a-real-token-7f3a","after":"demo-not-a-real-token-7f3a","after_unknown":false,"before_sensitive":true,"after_sensitive":true},"subnet_ids":{"actions":["no-op"],"before":["%s","%s"],"after":["%s","%s"],"after_unknown":false,"before_sensitive":false,"after_sensitive":false},"vpc_id":{"actions":["no-op"],"before":"%s","after":"%s","after_unknown":false,"before_sensitive":false,"after_sensitive":false}}' \
      "$subnet0" "$subnet1" "$subnet0" "$subnet1" "$vpc_id" "$vpc_id"
  else
    printf '{"fqdn":{"actions":["no-op"],"before":"www.demo.example.com","after":"www.demo.example.com","after_unknown":false,"before_sensitive":false,"after_sensitive":false}}'
  fi
}

configuration() {
  local resources
  if [ "$stack" = network ]; then
    resources='{"address":"aws_autoscaling_group.web","mode":"managed","type":"aws_autoscaling_group","name":"web","provider_config_key":"aws","expressions":{"desired_capacity":{"constant_value":2},"max_size":{"constant_value":6},"min_size":{"constant_value":1},"vpc_zone_identifier":{"references":["aws_subnet.public","aws_subnet.public[*].id"]}},"schema_version":0},{"address":"aws_subnet.public","mode":"managed","type":"aws_subnet","name":"public","provider_config_key":"aws","expressions":{"vpc_id":{"references":["aws_vpc.main.id","aws_vpc.main"]}},"schema_version":1,"count_expression":{"constant_value":2}},{"address":"aws_vpc.main","mode":"managed","type":"aws_vpc","name":"main","provider_config_key":"aws","expressions":{"cidr_block":{"constant_value":"10.20.0.0/16"},"enable_dns_hostnames":{"constant_value":true},"tags":{"constant_value":{"Name":"demo-network","Owner":"platform-team"}}},"schema_version":1}'
    resources="$resources],\"outputs\":{\"flow_log_token\":{\"sensitive\":true,\"expression\":{\"references\":[\"var.flow_log_token\"]}},\"subnet_ids\":{\"expression\":{\"references\":[\"aws_subnet.public\"]}},\"vpc_id\":{\"expression\":{\"references\":[\"aws_vpc.main.id\",\"aws_vpc.main\"]}}},\"variables\":{\"flow_log_token\":{\"sensitive\":true}"
  else
    resources='{"address":"aws_route53_record.www","mode":"managed","type":"aws_route53_record","name":"www","provider_config_key":"aws","expressions":{"name":{"constant_value":"www.demo.example.com"},"records":{"constant_value":["demo-lb-1234.eu-west-1.elb.amazonaws.com"]},"ttl":{"constant_value":60},"type":{"constant_value":"CNAME"},"zone_id":{"constant_value":"Z0123456789ABCDEFGHIJ"}},"schema_version":2}'
    resources="$resources],\"outputs\":{\"fqdn\":{\"expression\":{\"references\":[\"aws_route53_record.www.fqdn\",\"aws_route53_record.www\"]}}"
  fi
  printf '{"provider_config":{"aws":{"name":"aws","full_name":"%s","version_constraint":"~> 5.0","expressions":{"region":{"constant_value":"eu-west-1"}}}},"root_module":{"resources":[%s}}}' "$provider" "$resources"
}

plan_json() { # mode
  local mode="$1" drift changes pending
  drift="$(resource_drift)"
  printf '{"format_version":"1.2","terraform_version":"%s",' "$version"
  [ "$stack" = network ] && printf '"variables":{"flow_log_token":{"value":"demo-not-a-real-token-7f3a"}},'
  printf '"planned_values":%s,' "$(planned_values "$mode")"
  [ -n "$drift" ] && printf '"resource_drift":[%s],' "$drift"
  if [ "$mode" = refresh-only ]; then
    pending=0
  elif [ "$mode" = destroy ]; then
    printf '"resource_changes":[%s],"output_changes":{},' "$(destroy_changes)"
    pending="$(destroy_count)"
  else
    printf '"resource_changes":[%s],"output_changes":%s,' "$(resource_changes)" "$(output_changes)"
    pending="$(pending_count)"
  fi
  printf '"prior_state":%s,"configuration":%s,' "$(prior_state)" "$(configuration)"
  if [ "$mode" = normal ] && [ "$pending" -gt 0 ] && ! destroyed; then
    if [ "$stack" = network ]; then
      local relevant=()
      [ "$network_capacity_real" != "$network_capacity_planned" ] && relevant+=('{"resource":"aws_autoscaling_group.web","attribute":["desired_capacity"]}')
      [ "$network_owner_real" != "$network_owner_code" ] && relevant+=('{"resource":"aws_vpc.main","attribute":["tags"]}' '{"resource":"aws_vpc.main","attribute":["tags_all"]}')
      local IFS=,
      printf '"relevant_attributes":[%s],' "${relevant[*]}"
    else
      printf '"relevant_attributes":[{"resource":"aws_route53_record.www","attribute":["ttl"]}],'
    fi
  fi
  printf '"timestamp":"%s",' "$now"
  if [ "$tool" = terraform ]; then
    local applyable=false
    if [ "$mode" = refresh-only ]; then
      [ "$(drift_count)" -gt 0 ] && applyable=true
    else
      [ "$pending" -gt 0 ] && applyable=true
    fi
    printf '"applyable":%s,"complete":true,' "$applyable"
  fi
  printf '"errored":false}\n'
}

# ---------------------------------------------------------------------------------------- commands
plan_file_field() { sed -n "s/^$2=//p" "$1"; }

cmd_plan() {
  local mode=normal out="" detailed=false arg
  for arg in "$@"; do
    case "$arg" in
      -refresh-only) mode=refresh-only ;;
      -destroy) mode=destroy ;;
      -out=*) out="${arg#-out=}" ;;
      -detailed-exitcode) detailed=true ;;
      -json) ;;
      -input=false|-no-color|-lock=*|-lock-timeout=*) ;;
      *) fail "Invalid argument" "This simulation does not know the plan argument $arg." ;;
    esac
  done
  for arg in "$@"; do [ "$arg" = -json ] && start_json_ui; done
  destroyed || printf 'aws_vpc.main: Refreshing state... [id=%s]\n' "$vpc_id" | { [ "$stack" = network ] && cat || true; }
  ! destroyed && [ "$stack" = dns ] && printf 'aws_route53_record.www: Refreshing state... [id=Z0123456789ABCDEFGHIJ_www.demo.example.com_CNAME]\n'
  local drifted pending=0
  drifted="$(drift_count)"
  [ "$mode" = normal ] && pending="$(pending_count)"
  [ "$mode" = destroy ] && pending="$(destroy_count)"
  if [ "$drifted" -gt 0 ]; then
    printf '\nNote: Objects have changed outside of %s\n\n' "$product"
  fi
  if [ "$mode" = destroy ]; then
    [ "$pending" -eq 0 ] && printf '\nNo changes. No objects need to be destroyed.\n'
    [ "$pending" -gt 0 ] && printf '\n%s will perform the following actions:\n\nPlan: 0 to add, 0 to change, %s to destroy.\n' "$product" "$pending"
  elif [ "$mode" = refresh-only ]; then
    [ "$drifted" -eq 0 ] && printf '\nNo changes. Your infrastructure still matches the configuration.\n'
    [ "$drifted" -gt 0 ] && printf 'This is a refresh-only plan, so %s will not take any actions to undo these.\n' "$product"
  elif [ "$pending" -eq 0 ]; then
    printf '\nNo changes. Your infrastructure matches the configuration.\n'
  elif destroyed; then
    printf '\n%s will perform the following actions:\n\nPlan: %s to add, 0 to change, 0 to destroy.\n' "$product" "$pending"
  else
    printf '\n%s will perform the following actions:\n\nPlan: 0 to add, %s to change, 0 to destroy.\n' "$product" "$pending"
  fi
  if [ -n "$out" ]; then
    mkdir -p "$(dirname "$out")"
    printf 'stackdrift-demo-plan\nstack=%s\nmode=%s\ngeneration=%s\ntool=%s\n' "$stack" "$mode" "$(generation)" "$tool" > "$out"
    printf '\nSaved the plan to: %s\n' "$out"
  fi
  if $detailed; then
    if [ "$mode" = refresh-only ]; then
      [ "$drifted" -gt 0 ] && exit 2
    else
      [ "$pending" -gt 0 ] && exit 2
    fi
  fi
  exit 0
}

read_plan_file() {
  local file="$1"
  if [ ! -f "$file" ] || ! head -1 "$file" | grep -q '^stackdrift-demo-plan$'; then
    fail "Failed to load \"$file\" as a plan file" "Error: stat $file: no such file or directory"
  fi
  if [ "$(plan_file_field "$file" stack)" != "$stack" ]; then
    fail "Saved plan is for a different configuration" "The given plan file was created for another working directory."
  fi
}

cmd_show() {
  local json=false file=""
  for arg in "$@"; do
    case "$arg" in
      -json) json=true ;;
      -no-color) ;;
      *) file="$arg" ;;
    esac
  done
  $json || fail "Unsupported" "This simulation only prints plans with -json."
  [ -n "$file" ] || fail "No plan file" "This simulation only shows saved plan files."
  read_plan_file "$file"
  plan_json "$(plan_file_field "$file" mode)"
}

cmd_apply() {
  local file="" arg
  for arg in "$@"; do
    case "$arg" in
      -input=false|-no-color|-auto-approve|-json) ;;
      -*) fail "Invalid argument" "This simulation does not know the apply argument $arg." ;;
      *) file="$arg" ;;
    esac
  done
  for arg in "$@"; do [ "$arg" = -json ] && start_json_ui; done
  [ -n "$file" ] || fail "No saved plan" "This simulation applies saved plan files only."
  read_plan_file "$file"
  if [ "$(plan_file_field "$file" generation)" != "$(generation)" ]; then
    fail "Saved plan is stale" "The given plan file can no longer be applied because the state was changed by another operation after the plan was created."
  fi
  mkdir -p "$state_dir"
  local changed=0
  if [ "$(plan_file_field "$file" mode)" = destroy ]; then
    local gone=0
    destroyed || gone="$(destroy_count)"
    [ "$gone" -gt 0 ] && sleep 1
    touch "$state_dir/destroyed"
    rm -f "$state_dir/applied"
    echo $(( $(generation) + 1 )) > "$state_dir/generation"
    printf '\nDestroy complete! Resources: %s destroyed.\n' "$gone"
    return 0
  fi
  if [ "$(plan_file_field "$file" mode)" = normal ] && destroyed; then
    local added
    added="$(pending_count)"
    sleep 1
    rm -f "$state_dir/destroyed"
    touch "$state_dir/applied"
    echo $(( $(generation) + 1 )) > "$state_dir/generation"
    printf '\nApply complete! Resources: %s added, 0 changed, 0 destroyed.\n' "$added"
    return 0
  fi
  if [ "$(plan_file_field "$file" mode)" = normal ]; then
    if [ "$stack" = network ] && ! applied; then
      printf 'aws_vpc.main: Modifying... [id=%s]\n' "$vpc_id"; sleep 1
      printf 'aws_vpc.main: Modifications complete after 1s [id=%s]\n' "$vpc_id"
      changed=1
      if ! desired_capacity_ignored; then
        printf 'aws_autoscaling_group.web: Modifying... [id=demo-web]\n'; sleep 1
        printf 'aws_autoscaling_group.web: Modifications complete after 1s [id=demo-web]\n'
        changed=2
      fi
    elif [ "$stack" = dns ] && ! applied; then
      printf 'aws_route53_record.www: Modifying... [id=Z0123456789ABCDEFGHIJ_www.demo.example.com_CNAME]\n'; sleep 1
      printf 'aws_route53_record.www: Modifications complete after 1s [id=Z0123456789ABCDEFGHIJ_www.demo.example.com_CNAME]\n'
      changed=1
    fi
    touch "$state_dir/applied"
  fi
  echo $(( $(generation) + 1 )) > "$state_dir/generation"
  printf '\nApply complete! Resources: 0 added, %s changed, 0 destroyed.\n\nOutputs:\n\n' "$changed"
  if [ "$stack" = network ]; then
    printf 'flow_log_token = <sensitive>\nsubnet_ids = [\n  "%s",\n  "%s",\n]\nvpc_id = "%s"\n' "$subnet0" "$subnet1" "$vpc_id"
  else
    printf 'fqdn = "www.demo.example.com"\n'
  fi
}

cmd_output() {
  [ "${1:-}" = -json ] || fail "Unsupported" "This simulation prints outputs with -json only."
  if destroyed; then
    printf '{}\n'
  elif [ "$stack" = network ]; then
    cat <<JSON
{
  "flow_log_token": {
    "sensitive": true,
    "type": "string",
    "value": "demo-not-a-real-token-7f3a"
  },
  "subnet_ids": {
    "sensitive": false,
    "type": [
      "list",
      "string"
    ],
    "value": [
      "$subnet0",
      "$subnet1"
    ]
  },
  "vpc_id": {
    "sensitive": false,
    "type": "string",
    "value": "$vpc_id"
  }
}
JSON
  else
    cat <<JSON
{
  "fqdn": {
    "sensitive": false,
    "type": "string",
    "value": "www.demo.example.com"
  }
}
JSON
  fi
}

attr() { # name type flags... (flags: required optional computed sensitive)
  local name="$1" type="$2" flags=""
  shift 2
  for f in "$@"; do flags="$flags,\"$f\":true"; done
  printf '"%s":{"type":%s,"description_kind":"plain"%s}' "$name" "$type" "$flags"
}

cmd_providers_schema() {
  [ "${1:-}" = -json ] || fail "The -json flag is required" "The \"providers schema\" command requires the -json flag."
  local tags='["map","string"]' s='"string"' n='"number"' b='"bool"'
  local vpc_schema subnet_schema asg_schema record_schema provider_schema
  provider_schema="{\"version\":0,\"block\":{\"attributes\":{$(attr profile "$s" optional),$(attr region "$s" optional)},\"description_kind\":\"plain\"}}"
  vpc_schema="{\"version\":1,\"block\":{\"attributes\":{$(attr arn "$s" computed),$(attr cidr_block "$s" optional computed),$(attr enable_dns_hostnames "$b" optional computed),$(attr id "$s" optional computed),$(attr tags "$tags" optional),$(attr tags_all "$tags" optional computed)},\"description_kind\":\"plain\"}}"
  subnet_schema="{\"version\":1,\"block\":{\"attributes\":{$(attr arn "$s" computed),$(attr availability_zone "$s" optional computed),$(attr cidr_block "$s" optional),$(attr id "$s" optional computed),$(attr tags "$tags" optional),$(attr tags_all "$tags" optional computed),$(attr vpc_id "$s" required)},\"description_kind\":\"plain\"}}"
  asg_schema="{\"version\":0,\"block\":{\"attributes\":{$(attr arn "$s" computed),$(attr desired_capacity "$n" optional computed),$(attr id "$s" optional computed),$(attr max_size "$n" required),$(attr min_size "$n" required),$(attr name "$s" optional computed),$(attr vpc_zone_identifier '["set","string"]' optional computed)},\"block_types\":{\"launch_template\":{\"nesting_mode\":\"list\",\"block\":{\"attributes\":{$(attr id "$s" optional computed),$(attr name "$s" optional computed),$(attr version "$s" optional)},\"description_kind\":\"plain\"},\"max_items\":1}},\"description_kind\":\"plain\"}}"
  record_schema="{\"version\":2,\"block\":{\"attributes\":{$(attr allow_overwrite "$b" optional computed),$(attr fqdn "$s" computed),$(attr health_check_id "$s" optional),$(attr id "$s" optional computed),$(attr multivalue_answer_routing_policy "$b" optional),$(attr name "$s" required),$(attr records '["set","string"]' optional),$(attr set_identifier "$s" optional),$(attr ttl "$n" optional),$(attr type "$s" required),$(attr zone_id "$s" required)},\"block_types\":{\"alias\":{\"nesting_mode\":\"set\",\"block\":{\"attributes\":{$(attr evaluate_target_health "$b" required),$(attr name "$s" required),$(attr zone_id "$s" required)},\"description_kind\":\"plain\"}}},\"description_kind\":\"plain\"}}"
  printf '{"format_version":"1.0","provider_schemas":{"%s":{"provider":%s,"resource_schemas":{"aws_autoscaling_group":%s,"aws_route53_record":%s,"aws_subnet":%s,"aws_vpc":%s}}}}\n' \
    "$provider" "$provider_schema" "$asg_schema" "$record_schema" "$subnet_schema" "$vpc_schema"
}

cmd_version() {
  if [ "${1:-}" = -json ]; then
    printf '{\n  "terraform_version": "%s",\n  "platform": "linux_amd64",\n  "provider_selections": {\n    "%s": "5.72.1"\n  }' "$version" "$provider"
    [ "$tool" = terraform ] && printf ',\n  "terraform_outdated": false'
    printf '\n}\n'
  else
    printf '%s v%s\non linux_amd64\n' "$product" "$version"
  fi
}

case "${1:-}" in
  version|-version|--version) shift; cmd_version "$@" ;;
  init)
    known_stack
    printf '\nInitializing the backend...\n\nInitializing provider plugins...\n- Reusing previous version of hashicorp/aws from the dependency lock file\n- Using previously-installed hashicorp/aws v5.72.1\n\n%s has been successfully initialized!\n' "$product" ;;
  workspace)
    known_stack
    name="${!#}"
    mkdir -p "$state_dir" && printf '%s\n' "$name" > "$state_dir/workspace"
    printf 'Switched to workspace "%s".\n' "$name" ;;
  plan) shift; known_stack; cmd_plan "$@" ;;
  show) shift; known_stack; cmd_show "$@" ;;
  apply) shift; known_stack; cmd_apply "$@" ;;
  output) shift; known_stack; cmd_output "$@" ;;
  providers)
    known_stack
    [ "${2:-}" = schema ] || fail "Unsupported" "This simulation knows only \"providers schema -json\"."
    shift 2; cmd_providers_schema "$@" ;;
  *) fail "Unsupported command" "This is a $product simulation for the Stack Drift demo; it knows init, workspace select, plan, show, apply, output, providers schema and version." ;;
esac
