#!/usr/bin/env bash
# Runs the browser tests (tests/serve_browser.rs: headless chromium through chromedriver)
# and lists the screenshots they save in target/screenshots/, one per scenario and the
# start board of every shipped game (start-GAME.png). Usage: tools/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
cargo test --release --test serve_browser </dev/null
ls -1 target/screenshots/*.png
