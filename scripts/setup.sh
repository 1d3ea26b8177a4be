#!/usr/bin/env bash
#===- scripts/setup.sh - install what the build needs -------------------===#
#
# Installs every Debian package tilec's build and tests need, when missing.
# Idempotent: a machine that has everything runs no apt command at all.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

PKGS=(
  cmake ninja-build ccache g++ git python3
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools lld-22
  libfmt-dev libzstd-dev zlib1g-dev libgtest-dev xz-utils
  python3-pytest python3-numpy
  clang-22 libclang-rt-22-dev
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi

# lit is shipped by llvm-22-tools as a script; FileCheck under /usr/lib/llvm-22/bin.
if [[ ! -x /usr/lib/llvm-22/bin/FileCheck ]]; then
  echo "setup: FileCheck missing from llvm-22-tools" >&2
  exit 1
fi
