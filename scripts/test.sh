#!/bin/sh
# The whole test suite: installs what is missing, configures, builds, runs
# CTest. GPU tests (label gpu) report "skipped" where no GPU is present.
set -e
cd "$(dirname "$0")/.."
scripts/install-deps.sh
export PATH="$PATH:/usr/local/cuda/bin"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
# The tool and the host runtime again, under ASan and UBSan, and the fuzz target.
scripts/test-sanitized.sh build-sanitized
