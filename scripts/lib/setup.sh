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

# Builds quietly; shows the build log only when the build fails.
cachebench_build() {
  local log
  log="$(mktemp)"
  if ! swift build --package-path "$CACHEBENCH_ROOT" "$@" >"$log" 2>&1; then
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

# A new directory under results/ named for the run: results/<tool>-<UTC time>-<variant or all>.
cachebench_results_dir() {
  local tool="$1" variant="${2:-all}" name dir
  name="$(printf '%s' "$variant" | tr -c 'A-Za-z0-9_.-' '-')"
  dir="$CACHEBENCH_ROOT/results/$tool-$(date -u +%Y%m%dT%H%M%SZ)-$name"
  mkdir -p "$dir"
  printf '%s\n' "$dir"
}
