# Shared set-up for the scripts: find the package root and install what the build needs when it is missing.
# Sourced, not run. Everything a fresh Debian machine lacks is installed here, so CI and a new user get the
# same build as a developer.

CACHEBENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

cachebench_say() { printf 'cachebench: %s\n' "$*" >&2; }

# Runs apt-get as root, through sudo when not root. apt-get update runs at most once per script.
cachebench_apt_install() {
  local runner=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      runner=(sudo)
    else
      cachebench_say "need to install $* but not root and no sudo; install them with apt-get and rerun"
      return 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    cachebench_say "need $* but apt-get is not available; install them with your package manager"
    return 1
  fi
  if [ -z "${CACHEBENCH_APT_UPDATED:-}" ]; then
    cachebench_say "apt-get update"
    "${runner[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || return 1
    CACHEBENCH_APT_UPDATED=1
  fi
  cachebench_say "installing $*"
  "${runner[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}

# The Swift toolchain must already be there; the scripts cannot install it.
cachebench_require_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
      export PATH="/opt/swift/usr/bin:$PATH"
    else
      cachebench_say "swift is not on PATH; install the Swift 6 toolchain first (https://swift.org/install)"
      return 1
    fi
  fi
}

# jemalloc is linked into cachebench (it is the process allocator and the source of memory metrics).
cachebench_require_jemalloc() {
  local missing=()
  command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
  if ! pkg-config --exists jemalloc 2>/dev/null; then missing+=(libjemalloc-dev); fi
  if [ ${#missing[@]} -gt 0 ]; then
    cachebench_apt_install "${missing[@]}" || return 1
  fi
  pkg-config --exists jemalloc || { cachebench_say "jemalloc still not found by pkg-config"; return 1; }
}

# The package the scripts build and the executable product they run: the root package and cachebench
# unless a script's --package-path and --product chose another (cachebench_select_package).
CACHEBENCH_PACKAGE="$CACHEBENCH_ROOT"
CACHEBENCH_PRODUCT=cachebench
# The Swift modules of a chosen package other than the root (empty for the root): the user's own code.
CACHEBENCH_PACKAGE_MODULES=""

# cachebench_package_option_value OPTION VALUE [VALUES LEFT]: exits 64 unless VALUE can be the value of
# --package-path or --product (given, not empty, not the next option).
cachebench_package_option_value() {
  if [ "${3:-2}" -lt 2 ] || [ -z "$2" ] || [[ "$2" == -* ]]; then
    cachebench_say "missing value for $1"
    exit 64
  fi
}

# cachebench_select_package DIR PRODUCT SCRATCH: chooses the package (DIR, the root when empty) and the
# executable product (PRODUCT, cachebench when empty) a script builds and runs, and the build directory
# under the package's own .build (SCRATCH, e.g. profiling; empty for .build itself, the default build).
# Sets CACHEBENCH_PACKAGE, CACHEBENCH_PRODUCT, CACHEBENCH_PACKAGE_MODULES, CACHEBENCH_SCRATCH (the build
# directory) and CACHEBENCH_BINARY (the executable once built). Exits 64, having said why in one line,
# when DIR is no directory or holds no Package.swift, or the package has no executable product PRODUCT;
# 1 when the package's manifest cannot be read. Nothing is built or written here.
cachebench_select_package() {
  local dir="$1" product="$2" scratch="$3" describe status
  if [ -n "$dir" ]; then
    [ -d "$dir" ] || { cachebench_say "--package-path $dir: no such directory"; exit 64; }
    [ -f "$dir/Package.swift" ] || {
      cachebench_say "--package-path $dir: no Package.swift there, so not a Swift package"
      exit 64
    }
    CACHEBENCH_PACKAGE="$(cd "$dir" && pwd)"
  fi
  [ -z "$product" ] || CACHEBENCH_PRODUCT="$product"
  if [ -n "$scratch" ]; then
    CACHEBENCH_SCRATCH="$CACHEBENCH_PACKAGE/.build/$scratch"
  else
    CACHEBENCH_SCRATCH="$CACHEBENCH_PACKAGE/.build"
  fi
  CACHEBENCH_BINARY="$CACHEBENCH_SCRATCH/release/$CACHEBENCH_PRODUCT"
  CACHEBENCH_PACKAGE_MODULES=""
  local is_root=false
  [ "$(cd "$CACHEBENCH_PACKAGE" && pwd -P)" != "$(cd "$CACHEBENCH_ROOT" && pwd -P)" ] || is_root=true
  if $is_root && [ "$CACHEBENCH_PRODUCT" = cachebench ]; then
    CACHEBENCH_PACKAGE="$CACHEBENCH_ROOT"
    return 0
  fi
  cachebench_require_swift || exit 1
  describe="$(mktemp)"
  status=0
  swift package --package-path "$CACHEBENCH_PACKAGE" --scratch-path "$CACHEBENCH_SCRATCH" \
    describe --type json >"$describe" 2>"$describe.err" || status=$?
  if [ "$status" -ne 0 ]; then
    cachebench_say "cannot read the package at $CACHEBENCH_PACKAGE: $(grep -m 1 'error:' "$describe.err" ||
      head -n 1 "$describe.err")"
    rm -f "$describe" "$describe.err"
    exit 1
  fi
  status=0
  CACHEBENCH_PACKAGE_MODULES="$(python3 "$CACHEBENCH_ROOT/scripts/lib/package_info.py" \
    "$describe" "$CACHEBENCH_PRODUCT")" || status=$?
  rm -f "$describe" "$describe.err"
  [ "$status" -eq 0 ] || exit "$status"
  # The root's modules are cachebench's own, which the scripts know by name.
  if $is_root; then CACHEBENCH_PACKAGE_MODULES=""; fi
}

# Where a package other than the root is, for messages: "" for the root, else " in DIR".
cachebench_package_note() {
  [ "$CACHEBENCH_PACKAGE" = "$CACHEBENCH_ROOT" ] || printf ' in %s' "$CACHEBENCH_PACKAGE"
}

# The static build: release, the Swift standard library linked statically, debug info (the C targets' as
# DWARF 4), in the chosen package's .build/valgrind (CACHEBENCH_SCRATCH and CACHEBENCH_BINARY once
# cachebench_select_package was given "valgrind"). valgrind needs it (3.19 crashes on the shared runtime,
# and cannot read clang's default DWARF 5: see scripts/valgrind), and scripts/cachebench, the gates
# (scripts/ci-gate, its A/B part, both sides), the soak and the docs check run it too, so CI builds one
# release configuration, not two (about 100 s each). Measured beside the shared-runtime release build at 7c621df, three interleaved runs each: hit
# path 3-5% lower, allocations per request alike (Profiles/ci.json, Profiles/ci-hits.json).
cachebench_static_build_flags=(-c release --static-swift-stdlib -Xswiftc -g -Xcc -gdwarf-4)

# Builds the chosen product in the static configuration into CACHEBENCH_SCRATCH, after
# cachebench_select_package was given "valgrind"; the executable is then CACHEBENCH_BINARY.
cachebench_build_static() {
  cachebench_build "${cachebench_static_build_flags[@]}" --product "$CACHEBENCH_PRODUCT" \
    --scratch-path "$CACHEBENCH_SCRATCH"
}

# Builds quietly; shows the build log only when the build fails. Builds the chosen package (see
# cachebench_select_package), the root unless a script chose another.
cachebench_build() {
  local log
  log="$(mktemp)"
  if ! swift build --package-path "$CACHEBENCH_PACKAGE" "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    cachebench_say "build failed"
    return 1
  fi
  rm -f "$log"
}

# perf comes from Debian's linux-perf (the binary is /usr/bin/perf, or perf_<kernel series> on some releases).
# Sets CACHEBENCH_PERF to the command to run, and checks that this user may sample with cpu-clock.
cachebench_require_perf() {
  local candidate
  for candidate in perf perf_6.1; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" --version >/dev/null 2>&1; then
      CACHEBENCH_PERF="$candidate"
      break
    fi
  done
  if [ -z "${CACHEBENCH_PERF:-}" ]; then
    cachebench_apt_install linux-perf || return 1
    for candidate in perf perf_6.1; do
      if command -v "$candidate" >/dev/null 2>&1 && "$candidate" --version >/dev/null 2>&1; then
        CACHEBENCH_PERF="$candidate"
        break
      fi
    done
  fi
  if [ -z "${CACHEBENCH_PERF:-}" ]; then
    cachebench_say "linux-perf is installed but no working perf binary was found"
    return 1
  fi
  export CACHEBENCH_PERF
}

# Whether perf may record here: prints nothing and succeeds, or says why not (perf_event_paranoid, no root).
cachebench_perf_permitted() {
  local probe
  probe="$(mktemp)"
  if "$CACHEBENCH_PERF" record -q -e cpu-clock -o "$probe" -- true >/dev/null 2>&1; then
    rm -f "$probe"
    return 0
  fi
  rm -f "$probe"
  echo "perf record is not permitted here (kernel.perf_event_paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo '?'), uid $(id -u)); run as root or lower it with sysctl kernel.perf_event_paranoid=1"
  return 1
}

# valgrind and its client-request headers (valgrind/callgrind.h) come from Debian's valgrind package.
cachebench_require_valgrind() {
  if ! command -v valgrind >/dev/null 2>&1 || [ ! -f /usr/include/valgrind/callgrind.h ]; then
    cachebench_apt_install valgrind || return 1
  fi
  [ -f /usr/include/valgrind/callgrind.h ] || {
    cachebench_say "valgrind is installed but /usr/include/valgrind/callgrind.h is missing"
    return 1
  }
}

# The commit of the package that is measured, for the results' metadata, unless CACHEBENCH_GIT_COMMIT says.
cachebench_git_commit() {
  if [ -z "${CACHEBENCH_GIT_COMMIT:-}" ]; then
    CACHEBENCH_GIT_COMMIT="$(git -C "$CACHEBENCH_PACKAGE" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
    export CACHEBENCH_GIT_COMMIT
  fi
}

# A new directory under the chosen package's results/ named for the run:
# results/<tool>-<UTC time>-<variant or all>.
cachebench_results_dir() {
  local tool="$1" variant="${2:-all}" name dir
  name="$(printf '%s' "$variant" | tr -c 'A-Za-z0-9_.-' '-')"
  dir="$CACHEBENCH_PACKAGE/results/$tool-$(date -u +%Y%m%dT%H%M%SZ)-$name"
  mkdir -p "$dir"
  printf '%s\n' "$dir"
}

# cachebench_discard_results DIR NEW STATUS: after a run that refused its options (STATUS 64, before it
# measured anything), removes the results directory DIR when the script made it (NEW is true), so a bad
# option leaves no half-written results behind.
cachebench_discard_results() {
  local dir="$1" new="$2" status="$3"
  [ "$status" -eq 64 ] || return 0
  if [ "$new" = true ]; then
    rm -rf "$dir"
    cachebench_say "the run refused its options (exit 64, said why above); nothing was written"
  else
    cachebench_say "the run refused its options (exit 64, said why above)"
  fi
}

# cachebench_variant_options VARIANT [OPTION...]: sets CACHEBENCH_VARIANT_OPTIONS to the cachebench options
# that make a run measure VARIANT, written as cachebench prints it: DESIGN/DECODE, or DESIGN(N)/DECODE for
# a sharded design of any name (--variants DESIGN --decode DECODE, and --shards N). An option among the
# OPTIONs already given (the run's own --variants, --decode or --shards) is left to them. Exits 64 when
# VARIANT has another form.
cachebench_variant_options() {
  local variant="$1" design shards="" decode option
  shift
  if [[ "$variant" =~ ^([^/()]+)\(([0-9]+)\)/([^/()]+)$ ]]; then
    design="${BASH_REMATCH[1]}" shards="${BASH_REMATCH[2]}" decode="${BASH_REMATCH[3]}"
  elif [[ "$variant" =~ ^([^/()]+)/([^/()]+)$ ]]; then
    design="${BASH_REMATCH[1]}" decode="${BASH_REMATCH[2]}"
  else
    cachebench_say "invalid variant '$variant': write DESIGN/DECODE or DESIGN(SHARDS)/DECODE as cachebench prints it, e.g. coalescing/inside or sharded(8)/outside"
    exit 64
  fi
  for option in "$@"; do
    case "$option" in
    --variants | --variants=*) design="" ;;
    --decode | --decode=*) decode="" ;;
    --shards | --shards=*) shards="" ;;
    esac
  done
  CACHEBENCH_VARIANT_OPTIONS=()
  [ -z "$design" ] || CACHEBENCH_VARIANT_OPTIONS+=(--variants "$design")
  [ -z "$shards" ] || CACHEBENCH_VARIANT_OPTIONS+=(--shards "$shards")
  [ -z "$decode" ] || CACHEBENCH_VARIANT_OPTIONS+=(--decode "$decode")
}
