# The A/B part of scripts/ci-gate (--against REF), sourced by it after the head revision is built.
# Builds REF in a worktree of its own, runs both binaries on each profile in interleaved rounds (round 1
# base then head, round 2 head then base, ...), then judges:
#   - the timing figures with `cachebench paired`: each round's head/base ratio, the median ratio's
#     interval, a regression only when the whole interval lies past the profile's paired threshold;
#   - the counts and allocations with `cachebench compare`, the base rounds' median as the baseline,
#     under the profile's ordinary rules (exact fetches and duplicates, decode_on_actor_share, ...);
#   - with a callgrind profile (callgrind_profile, not none): instructions per request, from one run of
#     each revision under callgrind (scripts/valgrind, on the same static build of each in its package's
#     .build/valgrind that the rounds ran), with `cachebench compare` under that profile's rules, the
#     median of the base's runs as the baseline and the median of the head's judged (callgrind_repeats a
#     side, 3 by default).
# No stored figure enters: both sides ran minutes apart on this machine.
#
# CACHEBENCH_GATE_KEEP=DIR keeps every round's figures there (PROFILE.base.ROUND.json, ...), for
# scripts/gate-trials.
# Needs from ci-gate: CACHEBENCH_PACKAGE, CACHEBENCH_PRODUCT, binary (the head's executable), profiles
# (array), callgrind_profile, callgrind_note, callgrind_metrics, against, rounds, work (a scratch
# directory). Exits itself; never returns.

# ab_say MESSAGE: one whole line on stderr.
ab_say() { cachebench_say "$@"; }

# ab_base_worktree: sets base_sha, base_short, base_log and base_package (the package's directory inside a
# worktree of REF), reusing a clean worktree of the same commit from an earlier gate.
ab_base_worktree() {
  local repo_root relative
  if ! repo_root="$(git -C "$CACHEBENCH_PACKAGE" rev-parse --show-toplevel 2>/dev/null)"; then
    ab_say "--against needs the package in a git repository; $CACHEBENCH_PACKAGE is not in one"
    exit 64
  fi
  if ! base_sha="$(git -C "$repo_root" rev-parse --verify --quiet "$against^{commit}")"; then
    ab_say "no revision '$against' in $repo_root (fetch it first, e.g. git fetch origin main)"
    exit 64
  fi
  base_short="${base_sha:0:12}"
  relative="$(realpath --relative-to="$repo_root" "$CACHEBENCH_PACKAGE")"
  local tree="$repo_root/.build/ci-gate-base/$base_short"
  base_log="$tree.build.log"
  git -C "$repo_root" worktree prune 2>/dev/null || true
  if [ -e "$tree" ]; then
    # Asked first: in a plain directory inside the repository, git -C answers for the repository itself,
    # so with REF at its HEAD a leftover directory would pass as a clean worktree and be built.
    if ! git -C "$repo_root" worktree list --porcelain | grep -xF "worktree $tree" >/dev/null; then
      ab_say "$tree exists and is not a worktree of $repo_root; remove it and rerun"
      exit 1
    elif [ "$(git -C "$tree" rev-parse HEAD 2>/dev/null)" = "$base_sha" ] &&
      [ -z "$(git -C "$tree" status --porcelain 2>/dev/null)" ]; then
      ab_say "base $against ($base_short): reusing the worktree $tree"
    elif git -C "$repo_root" worktree remove --force "$tree" 2>/dev/null; then
      ab_say "base $against ($base_short): the worktree $tree had changed; made anew"
    else
      ab_say "the worktree $tree had changed and could not be removed (locked?); remove it and rerun"
      exit 1
    fi
  fi
  if [ ! -e "$tree" ]; then
    mkdir -p "$(dirname "$tree")"
    if ! git -C "$repo_root" worktree add --detach --quiet "$tree" "$base_sha" 2>"$work/worktree.log"; then
      ab_say "could not check out $against ($base_short) in $tree: $(tail -n 1 "$work/worktree.log")"
      exit 1
    fi
  fi
  if [ "$relative" = . ]; then base_package="$tree"; else base_package="$tree/$relative"; fi
}

# ab_build_base: builds the base revision's product; sets base_binary.
ab_build_base() {
  local log="$base_log"
  ab_say "swift build -c release --static-swift-stdlib --product $CACHEBENCH_PRODUCT in the base worktree ($base_short)"
  if [ ! -f "$base_package/Package.swift" ]; then
    ab_say "the base revision $against ($base_short) has no package at $base_package"
    exit 1
  fi
  mkdir -p "$(dirname "$log")"
  # The head's configuration (cachebench_static_build_flags), in the same place in the base's package,
  # where the callgrind part's scripts/valgrind finds it built.
  if ! swift build "${cachebench_static_build_flags[@]}" --package-path "$base_package" \
    --scratch-path "$base_package/.build/valgrind" --product "$CACHEBENCH_PRODUCT" >"$log" 2>&1; then
    local hint=""
    if grep -q "doesn't exist in file system" "$log"; then
      hint=" (a dependency by relative path out of the repository does not resolve from the worktree; name it by absolute path or URL)"
    fi
    ab_say "the base revision $against ($base_short) failed to build; its log: $log$hint"
    exit 1
  fi
  base_binary="$base_package/.build/valgrind/release/$CACHEBENCH_PRODUCT"
  [ -x "$base_binary" ] || { ab_say "the base build left no executable at $base_binary"; exit 1; }
}

# ab_designs BINARY: the design names BINARY registers, comma-separated, from its error for an unknown
# one; empty when it does not say (then every variant is run).
ab_designs() {
  "$1" run --variants cachebench-gate-no-such-design --quiet 2>&1 >/dev/null |
    sed -n 's/.*registered designs: //p' | tr -d ' ' | head -c 100000 || true
}

# ab_variants PROFILE: the designs PROFILE lists, comma-separated; empty when it lists none.
ab_variants() {
  python3 -c 'import json, sys; print(",".join(json.load(open(sys.argv[1])).get("variants", [])))' "$1"
}

# ab_run SIDE ROUND PROFILE VARIANTS: one run of SIDE's binary, its figures saved for the judgement.
ab_run() {
  local side="$1" round="$2" profile="$3" variants="$4" bin commit status=0 name
  name="$(basename "$profile" .json)"
  if [ "$side" = base ]; then bin="$base_binary"; commit="$base_short"; else bin="$binary"; commit="$head_commit"; fi
  # The base runs the profile without its gate section, which only the head's compare and paired
  # read: an older cachebench refuses a gate field it does not know, though it measures the same run.
  [ "$side" = head ] || profile="$work/$name.base-profile.json"
  local extra=()
  [ -z "$variants" ] || extra=(--variants "$variants")
  CACHEBENCH_GIT_COMMIT="$commit" "$bin" run --profile "$profile" "${extra[@]}" --quiet \
    --save-baseline "$work/$name.$side.$round.json" >/dev/null 2>"$work/run.err" || status=$?
  if [ "$status" -ne 0 ]; then
    ab_say "round $round: the $side run of $profile exited $status: $(tail -n 1 "$work/run.err")"
    exit 1
  fi
}

# ab_gate: the whole A/B gate; exits 0 (pass), 2 (a regression), 64 or 1 (could not judge).
ab_gate() {
  ab_base_worktree
  ab_build_base
  head_commit="${CACHEBENCH_GIT_COMMIT:-head}"
  local base_designs profile variants kept missing design
  base_designs=",$(ab_designs "$base_binary"),"
  declare -A run_variants=()
  [ -z "$callgrind_note" ] || ab_say "$callgrind_note"
  for profile in "${profiles[@]}" "$callgrind_profile"; do
    [ "$profile" != none ] || continue
    variants="$(ab_variants "$profile")"
    kept=""; missing=""
    if [ -n "$variants" ] && [ "$base_designs" != ",," ]; then
      for design in ${variants//,/ }; do
        if [[ "$base_designs" == *",$design,"* ]]; then kept+="${kept:+,}$design"; else missing+="${missing:+, }$design"; fi
      done
      if [ -n "$missing" ]; then
        ab_say "$profile: the base revision has no design $missing; judging the rest"
      fi
      if [ -z "$kept" ]; then
        ab_say "$profile: the base revision has none of its designs; nothing to judge"
        exit 1
      fi
      variants="$kept"
    fi
    run_variants["$profile"]="$variants"
    python3 -c 'import json, sys
profile = json.load(open(sys.argv[1]))
profile.pop("gate", None)
json.dump(profile, open(sys.argv[2], "w"), indent=1)' "$profile" "$work/$(basename "$profile" .json).base-profile.json"
  done
  local round started order side timed=false
  for profile in "${profiles[@]}"; do [ "$profile" = none ] || timed=true; done
  started=$(date +%s)
  # With no timed profile (CACHEBENCH_GATE_PROFILE=none) there are no rounds to run.
  $timed || rounds=0
  for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then order="base head"; else order="head base"; fi
    for profile in "${profiles[@]}"; do
      [ "$profile" != none ] || continue
      for side in $order; do ab_run "$side" "$round" "$profile" "${run_variants[$profile]}"; done
    done
    ab_say "round $round of $rounds ($order) done, $(($(date +%s) - started))s"
  done
  local runs_took=$(($(date +%s) - started))
  [ "$callgrind_profile" = none ] || ab_callgrind "${run_variants[$callgrind_profile]}"
  if [ -n "${CACHEBENCH_GATE_KEEP:-}" ]; then
    mkdir -p "$CACHEBENCH_GATE_KEEP" && cp "$work"/*.base.*.json "$work"/*.head.*.json "$CACHEBENCH_GATE_KEEP"/
    if [ "$callgrind_profile" != none ]; then
      cp "$work"/callgrind.base.*.json "$work"/callgrind.head.*.json "$CACHEBENCH_GATE_KEEP"/
    fi
  fi
  local status=0 part name base_runs head_runs
  for profile in "${profiles[@]}"; do
    [ "$profile" != none ] || continue
    name="$(basename "$profile" .json)"
    base_runs=(); head_runs=()
    for round in $(seq 1 "$rounds"); do
      base_runs+=("$work/$name.base.$round.json"); head_runs+=("$work/$name.head.$round.json")
    done
    part=0
    "$binary" paired --base "${base_runs[@]}" --head "${head_runs[@]}" --profile "$profile" \
      --base-name "$against ($base_short)" --head-name "$head_commit" >"$work/paired.txt" || part=$?
    cat "$work/paired.txt"
    ab_fold "$part" "$profile: timing A/B"
    "$binary" baseline "$work/$name.base-median.json" "${base_runs[@]}" 2>/dev/null
    part=0
    "$binary" compare "$work/$name.base-median.json" "${head_runs[@]}" --profile "$profile" \
      >"$work/compare.txt" || part=$?
    # The verdict, notes and failing rows; every row of every figure is for the stored-baseline gate.
    sed '/^all comparisons:$/,$d' "$work/compare.txt"
    ab_fold "$part" "$profile: counts against the base's median"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
      {
        "$binary" paired --base "${base_runs[@]}" --head "${head_runs[@]}" --profile "$profile" \
          --base-name "$against ($base_short)" --head-name "$head_commit" --format markdown || true
        "$binary" compare "$work/$name.base-median.json" "${head_runs[@]}" --profile "$profile" \
          --format markdown || true
      } >>"$GITHUB_STEP_SUMMARY"
    fi
  done
  [ "$callgrind_profile" = none ] || ab_judge_callgrind
  case "$status" in
    0) ab_say "A/B gate passed against $against ($base_short), $rounds rounds, ${runs_took}s of runs" ;;
    2) ab_say "A/B gate FAILED against $against ($base_short): a regression (see the reports above)" ;;
    *) ab_say "A/B gate could not judge (exit $status)" ;;
  esac
  exit "$status"
}

# ab_fold STATUS WHAT: says how one judgement ended and folds it into `status` (a failure to judge
# outranks a regression).
ab_fold() {
  case "$1" in
    0) ab_say "$2: within the thresholds" ;;
    2) ab_say "$2: a regression (see the report above)" ;;
    *) ab_say "$2: could not judge (exit $1)" ;;
  esac
  if [ "$status" -eq 0 ] || { [ "$status" -eq 2 ] && [ "$1" -ne 0 ]; }; then status=$1; fi
}

# ab_callgrind VARIANTS: the callgrind profile under callgrind, callgrind_repeats runs of each revision,
# alternating base and head, each run cut to the counts that repeat there: $work/callgrind.SIDE.N.json.
# Three a side by default: a run's count repeats to about 0.1%, but on a machine loaded to 7 (builds beside
# a gate) one run in a few of fetch-outside or split came out more than 1% off, and the median of three
# is moved by no single such run. Any failure exits 1 in one line.
ab_callgrind() {
  local variants="$1" side package profile commit started extra=() status run
  [ -z "$variants" ] || extra=(--variants "$variants")
  for run in $(seq 1 "$callgrind_repeats"); do
    for side in base head; do
      if [ "$side" = base ]; then
        package="$base_package"; commit="$base_short"
        profile="$work/$(basename "$callgrind_profile" .json).base-profile.json"
      else
        package="$CACHEBENCH_PACKAGE"; commit="$head_commit"; profile="$callgrind_profile"
      fi
      ab_say "callgrind: run $run of $callgrind_repeats, $side, of $callgrind_profile (the static build in $package/.build/valgrind)"
      started=$(date +%s)
      status=0
      CACHEBENCH_GIT_COMMIT="$commit" "$CACHEBENCH_ROOT/scripts/valgrind" callgrind \
        --package-path "$package" --product "$CACHEBENCH_PRODUCT" --out "$work/callgrind.$side.$run" \
        --profile "$profile" "${extra[@]}" --quiet >"$work/callgrind.$side.log" 2>&1 || status=$?
      if [ "$status" -ne 0 ]; then
        ab_say "callgrind: the $side run of $callgrind_profile exited $status: $(grep -v '^$' "$work/callgrind.$side.log" | tail -n 1)"
        exit 1
      fi
      if ! python3 "$CACHEBENCH_ROOT/scripts/lib/result_metrics.py" --keep "$callgrind_metrics" \
        "$work/callgrind.$side.$run/results.json" "$work/callgrind.$side.$run.json" 2>"$work/callgrind.keep.err"; then
        ab_say "callgrind: the $side run's results lack a count the gate judges: $(tail -n 1 "$work/callgrind.keep.err")"
        exit 1
      fi
      ab_say "callgrind: the $side run took $(($(date +%s) - started))s"
    done
  done
}

# ab_judge_callgrind: the median of the head's instruction counts against the median of the base's, under
# the callgrind profile's rules; folds the outcome into `status`.
ab_judge_callgrind() {
  local part=0 base_runs=() head_runs=() run
  for run in $(seq 1 "$callgrind_repeats"); do
    base_runs+=("$work/callgrind.base.$run.json"); head_runs+=("$work/callgrind.head.$run.json")
  done
  "$binary" baseline "$work/callgrind.base-median.json" "${base_runs[@]}" 2>/dev/null
  "$binary" compare "$work/callgrind.base-median.json" "${head_runs[@]}" \
    --profile "$callgrind_profile" >"$work/compare.txt" || part=$?
  sed '/^all comparisons:$/,$d' "$work/compare.txt"
  ab_fold "$part" "$callgrind_profile: instructions per request against the base's"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    "$binary" compare "$work/callgrind.base-median.json" "${head_runs[@]}" \
      --profile "$callgrind_profile" --format markdown >>"$GITHUB_STEP_SUMMARY" || true
  fi
}
