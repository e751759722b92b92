#!/usr/bin/env bash
# Creates .venv with molextract and its dependencies. Safe to re-run: it only does
# what is missing. The one slow step, compiling llama.cpp (10-20 min on 2 cores),
# happens once per machine: the wheel is kept in ~/.cache/molextract/wheels/<processor id>.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${MOLEXTRACT_VENV:-$ROOT/.venv}"
CACHE="${MOLEXTRACT_CACHE_DIR:-$HOME/.cache/molextract}"
# llama.cpp compiles for the processor it is built on (-march=native), so wheels are
# kept per processor and pip's own wheel cache, which knows nothing of processors, is
# not used for it. Its AMX kernels are left out: on a Xeon with AMX, llama.cpp 0.3.36's
# AMX buffers crash the first decode (segmentation fault; measured here).
LLAMA_CFLAGS="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
LLAMA_CMAKE_ARGS="-DCMAKE_C_FLAGS='$LLAMA_CFLAGS' -DCMAKE_CXX_FLAGS='$LLAMA_CFLAGS'"
CPU_ID="$( { grep -m1 '^model name' /proc/cpuinfo; grep -m1 '^flags' /proc/cpuinfo; uname -m; echo "$LLAMA_CMAKE_ARGS"; } 2>/dev/null | sha256sum | cut -c1-12)"
WHEELS="$CACHE/wheels/$CPU_ID"
LLAMA_VERSION="0.3.36"
# The transformers extra's torch: always the CPU build, which this machine's pip finds on
# local disk (elsewhere: PIP_EXTRA_INDEX_URL=<PyTorch's CPU wheel index>, see README).
# Pinning the +cpu label makes a machine without it fail loudly instead of pulling PyPI's
# multi-GB CUDA build.
TORCH_VERSION="2.13.0"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

find_python() {
  for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  return 1
}

apt_install() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing system packages: $*"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    die "missing system packages; run: sudo apt-get install -y $*"
  fi
}

PY="$(find_python)" || die "Python >= 3.11 is required (set PYTHON=/path/to/python3.11)"

if [ ! -x "$VENV/bin/python" ]; then
  if ! "$PY" -m venv --help >/dev/null 2>&1 || ! "$PY" -c 'import ensurepip' 2>/dev/null; then
    apt_install "python3-venv"
  fi
  say "creating $VENV with $("$PY" --version)"
  "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip
fi
PIP=("$VENV/bin/python" -m pip)

mkdir -p "$WHEELS"
if ! ls "$WHEELS"/llama_cpp_python-"$LLAMA_VERSION"-*.whl >/dev/null 2>&1; then
  command -v c++ >/dev/null 2>&1 || apt_install build-essential
  say "compiling llama-cpp-python $LLAMA_VERSION once for this machine (10-20 minutes)"
  CMAKE_BUILD_PARALLEL_LEVEL="$(nproc 2>/dev/null || echo 2)" CMAKE_ARGS="$LLAMA_CMAKE_ARGS" \
    "${PIP[@]}" wheel --no-deps --no-cache-dir -q -w "$WHEELS" "llama-cpp-python==$LLAMA_VERSION"
fi

# OPSIN, which turns systematic compound names into structures, runs on Java. Without
# it names are looked up in the offline dictionary only, so a missing runtime is not fatal.
# (Slim Debian images lack the man directory the JRE's postinst links into.)
if ! command -v java >/dev/null 2>&1; then
  { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null &&
    (mkdir -p /usr/share/man/man1 && apt_install default-jre-headless); } ||
    say "no Java runtime: OPSIN name resolution will be skipped (to enable it: sudo apt-get install -y default-jre-headless)"
fi

STAMP="$VENV/.molextract-installed"
WANT="$(cat "$ROOT/pyproject.toml" "$ROOT/scripts/bootstrap.sh" | sha256sum | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  say "installing molextract and its dependencies into $VENV"
  CONSTRAINTS="$(mktemp)"
  echo "llama-cpp-python==$LLAMA_VERSION" > "$CONSTRAINTS"
  echo "torch==$TORCH_VERSION+cpu" >> "$CONSTRAINTS"
  "${PIP[@]}" install -q --find-links "$WHEELS" -c "$CONSTRAINTS" -e "$ROOT[dev,transformers]"
  "$VENV/bin/python" -c 'import sys, torch; sys.exit(torch.version.cuda and f"CUDA torch {torch.__version__} was installed")' ||
    die "the test install must use the CPU build of torch"
  rm -f "$CONSTRAINTS"
  echo "$WANT" > "$STAMP"
fi

# The venv's llama.cpp must be this processor's build, even in a venv made elsewhere.
LLAMA_WHEEL="$(ls "$WHEELS"/llama_cpp_python-"$LLAMA_VERSION"-*.whl | head -n 1)"
LLAMA_STAMP="$VENV/.molextract-llama-wheel"
if [ "$(cat "$LLAMA_STAMP" 2>/dev/null)" != "$(sha256sum "$LLAMA_WHEEL" | cut -d' ' -f1)" ]; then
  say "installing this processor's llama.cpp build"
  "${PIP[@]}" install -q --no-deps --force-reinstall "$LLAMA_WHEEL"
  sha256sum "$LLAMA_WHEEL" | cut -d' ' -f1 > "$LLAMA_STAMP"
fi
