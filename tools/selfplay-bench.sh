#!/usr/bin/env bash
# The AI against a random player, for every game file in games/ (not games/examples/):
# for each game, `interp selfplay` with the AI as white against random, then the reverse,
# and a Markdown table of the AI's wins, draws and losses per colour, with the mean game
# length in plies.
#
# Usage: tools/selfplay-bench.sh [GAME.toml ...]      (default: games/*.toml)
# Environment: GAMES  games per colour      (default 100)
#              THINK  AI milliseconds a move (default 100)
#              SEED   selfplay seed          (default 1)
#              INTERP the binary             (default: target/release/interp, built if needed)
# Progress goes to stderr, the table to stdout.
set -euo pipefail

cd "$(dirname "$0")/.."
GAMES=${GAMES:-100}
THINK=${THINK:-100}
SEED=${SEED:-1}
if [[ -z ${INTERP:-} ]]; then
  cargo build --release --quiet
  INTERP=target/release/interp
fi

if (($# > 0)); then
  files=("$@")
else
  files=(games/*.toml)
fi

# Runs one selfplay and prints its counts and mean length: "W B D MEAN".
run() {
  local game=$1 white=$2 black=$3 out last mean
  out=$("$INTERP" selfplay "$game" --games "$GAMES" --white "$white" --black "$black" \
    --think "$THINK" --seed "$SEED" 2>/dev/null)
  last=$(tail -n 1 <<<"$out")
  mean=$(sed -n 's/^length (plies): mean \([0-9.]*\),.*/\1/p' <<<"$out")
  if [[ $last =~ ^white-wins\ ([0-9]+)\ black-wins\ ([0-9]+)\ draws\ ([0-9]+)$ ]]; then
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]} ${mean:--}"
  else
    echo "selfplay $game --white $white --black $black: unexpected last line: $last" >&2
    return 1
  fi
}

pct() { awk -v a="$1" -v n="$2" 'BEGIN { if (n > 0) printf "%.0f%%", 100 * a / n; else print "-" }'; }

echo "AI (${THINK} ms a move) against random, ${GAMES} games per colour, seed ${SEED}"
echo
echo "| game | AI as white: wins / draws / losses | mean plies | AI as black: wins / draws / losses | mean plies | AI wins |"
echo "|---|---|---|---|---|---|"
for game in "${files[@]}"; do
  [[ -f $game ]] || continue
  echo "$(date +%T) $game: AI as white" >&2
  if ! white=$(run "$game" ai random); then
    echo "| \`$game\` | error | | | | |"
    continue
  fi
  echo "$(date +%T) $game: AI as black" >&2
  if ! black=$(run "$game" random ai); then
    echo "| \`$game\` | error | | | | |"
    continue
  fi
  read -r ww wb wd wl <<<"$white"
  read -r bw bb bd bl <<<"$black"
  total=$((ww + bb))
  echo "| \`$game\` | $ww / $wd / $wb | $wl | $bb / $bd / $bw | $bl | $total / $((2 * GAMES)) ($(pct "$total" $((2 * GAMES)))) |"
done
