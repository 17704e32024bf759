#!/usr/bin/env bash
# AI-vs-AI selfplay in every game of `interp list` (or the games named): how many games end
# by a rule of the game (an agreed draw counted among them, and apart) and how many at the
# move cap. One Markdown row per game.
#
# usage: tools/selfplay-caps.sh BINARY [GAME ...]
# Environment: GAMES     games per game          (default 10)
#              THINK     AI milliseconds a move  (default 100)
#              MAX_PLIES the move cap            (default 300)
#              JOBS      games played at once    (default 1)
#              SEED      selfplay seed           (default 1)
# Progress goes to stderr, the table to stdout.
set -euo pipefail

case "${1:-}" in ""|-h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;; esac
bin=$1; shift
GAMES=${GAMES:-10} THINK=${THINK:-100} MAX_PLIES=${MAX_PLIES:-300} JOBS=${JOBS:-1} SEED=${SEED:-1}
if (($# > 0)); then
  games=("$@")
else
  mapfile -t games < <("$bin" list | awk '/^  [a-z0-9]/ {print $1}')
fi

echo "AI-vs-AI selfplay, $GAMES games a game, $THINK ms a move, cap $MAX_PLIES plies, seed $SEED"
echo
echo "| game | games | by rule | of them agreed | at the cap | white / black / draws | mean plies | endings |"
echo "|---|---|---|---|---|---|---|---|"
for game in "${games[@]}"; do
  echo "$(date +%T) $game" >&2
  if ! out=$("$bin" selfplay "$game" --games "$GAMES" --think "$THINK" --max-plies "$MAX_PLIES" \
    --jobs "$JOBS" --seed "$SEED" -q 2>&1); then
    echo "| $game | error: $(tail -n 1 <<<"$out") | | | | | | |"
    continue
  fi
  capped=$(sed -n 's/^capped at [0-9]* plies: \([0-9]*\).*/\1/p' <<<"$out")
  mean=$(sed -n 's/^length (plies): mean \([0-9.]*\),.*/\1/p' <<<"$out")
  endings=$(sed -n 's/^endings: //p' <<<"$out")
  agreed=$(sed -n 's/.*draw agreed \([0-9]*\).*/\1/p' <<<"$endings")
  last=$(grep "^white-wins " <<<"$out" | tail -n 1)
  read -r _ w _ b _ d <<<"$last"
  rule=$((GAMES - ${capped:-0}))
  pct=$(awk -v r="$rule" -v n="$GAMES" 'BEGIN { printf "%.0f%%", 100 * r / n }')
  echo "| $game | $GAMES | $rule ($pct) | ${agreed:-0} | ${capped:-?} | $w / $b / $d | ${mean:--} | ${endings:--} |"
done
