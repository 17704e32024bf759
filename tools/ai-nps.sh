#!/usr/bin/env bash
# The AI's nodes per second in every game (or the games named), for one interp binary.
#
# usage: tools/ai-nps.sh BINARY [--think MS] [--positions N] [--via hint|uci] [GAME ...]
#
# For each game the AI thinks --think milliseconds (default 100) on N positions (default
# 4): the start and the positions after 6, 12, 18 … plies of a fixed walk through the
# legal actions (`BINARY moves`, the (7k+3)-th action mod the count at ply k; a walk that
# ends the game stops early). Two ways to read the nodes:
#   hint  `BINARY play GAME --moves … --think MS` and its `hint` command (every build has
#         it: `hint: ACTION (score …, depth D, N nodes)`): nodes over the think time;
#   uci   `BINARY uci GAME` with `position startpos moves …` and `go movetime MS`: the last
#         `info … nodes … nps …` line, the engine's own nodes over its own time.
# Default: uci when the binary has the `uci` command, else hint. Prints one line per game:
#   GAME  nodes/s  mean depth  (positions)
# These machines are shared and noisy: compare figures of one run, old and new in turn.
set -euo pipefail

usage() { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
[ $# -ge 1 ] || usage 2
case "$1" in -h|--help) usage 0 ;; esac
bin=$1; shift
think=100 positions=4 via="" games=()
while [ $# -gt 0 ]; do
  case "$1" in
    --think) think=$2; shift 2 ;;
    --positions) positions=$2; shift 2 ;;
    --via) via=$2; shift 2 ;;
    -h|--help) usage 0 ;;
    -*) echo "ai-nps.sh: unknown option $1" >&2; usage 2 ;;
    *) games+=("$1"); shift ;;
  esac
done
[[ $think =~ ^[0-9]+$ && $think -ge 1 ]] || { echo "ai-nps.sh: --think MS, MS >= 1" >&2; exit 2; }
[[ $positions =~ ^[0-9]+$ && $positions -ge 1 ]] || { echo "ai-nps.sh: --positions N >= 1" >&2; exit 2; }
[ -x "$bin" ] || { echo "ai-nps.sh: $bin is not an executable" >&2; exit 2; }
if [ -z "$via" ]; then
  if "$bin" uci --help >/dev/null 2>&1; then via=uci; else via=hint; fi
fi
case "$via" in hint|uci) ;; *) echo "ai-nps.sh: --via hint or uci" >&2; exit 2 ;; esac
if [ ${#games[@]} -eq 0 ]; then
  mapfile -t games < <("$bin" list | awk '/^  [a-z0-9]/ {print $1}')
fi

# The positions' action lists, one line each (the first line empty: the start).
walk() {
  local game=$1 hist="" k=0 acts n
  echo ""
  for ((p = 1; p < positions; p++)); do
    for ((j = 0; j < 6; j++)); do
      mapfile -t acts < <("$bin" moves "$game" --moves "$hist" 2>/dev/null || true)
      n=${#acts[@]}
      [ "$n" -gt 0 ] || return 0
      hist="${hist:+$hist }${acts[$(((7 * k + 3) % n))]}"
      k=$((k + 1))
    done
    "$bin" moves "$game" --moves "$hist" >/dev/null 2>&1 || return 0
    [ -n "$("$bin" moves "$game" --moves "$hist")" ] || return 0
    echo "$hist"
  done
}

# "nodes depth elapsed_ms" of one search.
search_hint() {
  printf 'hint\nquit\n' |
    "$bin" play "$1" --moves "$2" --no-autosave --think "$think" 2>/dev/null |
    sed -n 's/^hint: .*depth \([0-9]*\), \([0-9]*\) nodes.*/\2 \1/p' | head -1 |
    awk -v t="$think" '{print $1, $2, t}'
}

search_uci() {
  local pos="position startpos"
  [ -z "$2" ] || pos="position startpos moves $2"
  { printf 'uci\nisready\n%s\ngo movetime %s\n' "$pos" "$think"
    sleep "$(awk -v t="$think" 'BEGIN {print t / 1000 + 1}')"; echo quit; } |
    "$bin" uci "$1" 2>/dev/null |
    awk '/^info .*nodes/ {
           for (i = 1; i < NF; i++) { if ($i == "nodes") n = $(i + 1); if ($i == "depth") d = $(i + 1);
                                      if ($i == "time") t = $(i + 1) }
         }
         END { if (n != "") print n, d, (t > 0 ? t : 1) }'
}

printf '%-18s %10s %6s  %s\n' game nodes/s depth positions
for game in "${games[@]}"; do
  nodes=0 ms=0 depth=0 count=0
  while IFS= read -r hist; do
    read -r n d t < <("search_$via" "$game" "$hist") || continue
    nodes=$((nodes + n)) ms=$((ms + t)) depth=$((depth + d)) count=$((count + 1))
  done < <(walk "$game")
  if [ "$count" -eq 0 ]; then
    printf '%-18s %10s %6s  %s\n' "$game" - - "no search answered"
  else
    awk -v g="$game" -v n="$nodes" -v ms="$ms" -v d="$depth" -v c="$count" \
      'BEGIN { printf "%-18s %10.0f %6.1f  %d\n", g, n * 1000 / ms, d / c, c }'
  fi
done
