#!/usr/bin/env bash
# Runs every artifact of fuzz/artifacts/TARGET/ (or the files named) once through the
# built target and prints one line per artifact: its file, then the panic's place and
# message, "stack overflow", "timeout" or "out of memory". Build first:
# `cargo +nightly fuzz build -s none`.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="$1"; shift
bin="$here/target/x86_64-unknown-linux-gnu/release/$target"
files=("$@"); [ ${#files[@]} -eq 0 ] && files=("$here/artifacts/$target"/*)
for f in "${files[@]}"; do
  out="$(timeout 30 "$bin" -timeout=5 -rss_limit_mb=2048 "$f" 2>&1)"
  why="$(printf '%s\n' "$out" | grep -A1 'panicked at' | sed -n '1{s/.*panicked at //;h};2{H;x;s/\n/ /;p}')"
  [ -z "$why" ] && printf '%s' "$out" | grep -q 'overflowed its stack' && why="stack overflow"
  [ -z "$why" ] && printf '%s' "$out" | grep -q 'libFuzzer: timeout' && why="timeout (> 5 s)"
  [ -z "$why" ] && printf '%s' "$out" | grep -q 'out-of-memory' && why="out of memory (> 2 GB)"
  printf '%s\t%s\n' "$(basename "$f")" "${why:-no failure}"
done
