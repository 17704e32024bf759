#!/usr/bin/env bash
# The source tree's shape: the ten longest functions, and the top-level module graph (each
# module and the modules it uses), checked against the pipeline.
# Usage: tools/structure.sh   (the same checks run in `cargo test` as tests/structure.rs)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release --quiet --test structure -- --nocapture --test-threads 1 2>&1 |
  sed -e 's/^\.\+//' | grep -v '^running\|^test \|^$\|test result'
