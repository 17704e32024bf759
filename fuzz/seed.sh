#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seeds from the shipped games:
#   game_file  every game file of games/ and tests/fixtures/ (`extends` made absolute,
#              as the harness loads a copy from a scratch folder);
#   position   byte GAME + the position string after 0..8 plies of each game;
#   action     byte GAME, byte 16 (no random plies: 16 mod 16), the actions played so far, a newline
#              and an action legal after them;
#   rules      byte GAME + the text of that game's `rules = '''…'''`;
#   record     byte GAME + a saved game (`game`, `hash`, `moves`, with and without `fen`).
# GAME is the game's index in harness/common.rs GAMES. Positions and actions come from the
# interp binary ($INTERP, or a release build made here). Existing corpus files are kept.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/fuzz/corpus"
if [ -z "${INTERP:-}" ]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  INTERP="${CARGO_TARGET_DIR:-$root/target}/release/interp"
fi
mkdir -p "$corpus"/{game_file,rules,position,action,record}

# The GAMES list of the harness, in order.
mapfile -t games < <(sed -n '/^pub const GAMES/,/^];/p' "$root/fuzz/harness/common.rs" | grep -oE '"games/[^"]+"' | tr -d '"')

# game_file: copies with `extends = "REL"` resolved against the file's own folder.
for f in "$root"/games/*.toml "$root"/games/examples/*.toml "$root"/tests/fixtures/*.toml; do
  case "$f" in *.tests.toml) continue ;; esac
  dir="$(cd "$(dirname "$f")" && pwd)"
  sed -E "s|^extends = \"([^/\"][^\"]*)\"|extends = \"$dir/\\1\"|" "$f" > "$corpus/game_file/$(basename "$(dirname "$f")")-$(basename "$f")"
done

# The FNV-1a 64 fingerprint of a file, as src/record.rs computes it.
fnv() { python3 -c 'import sys
h=0xcbf29ce484222325
for b in open(sys.argv[1],"rb").read(): h=((h^b)*0x100000001b3)&0xffffffffffffffff
print("%016x"%h)' "$1"; }

# Writes byte $1 then the text $2 to file $3.
put() { { printf "\\x$(printf %02x "$1")"; printf '%s' "$2"; } > "$3"; }

for i in "${!games[@]}"; do
  g="$root/${games[$i]}"; name="$(basename "$g" .toml)"; line=""; fen0=""
  for ply in 0 1 2 3 4 5 6 7 8; do
    pos="$("$INTERP" show "$g" --moves "$line" 2>/dev/null | sed -n 's/^position: //p')" || true
    [ -n "$pos" ] && put "$i" "$pos" "$corpus/position/$name-$ply"
    [ "$ply" = 2 ] && fen0="$pos" && rest=""
    mapfile -t legal < <("$INTERP" moves "$g" --moves "$line" 2>/dev/null || true)
    [ "${#legal[@]}" -eq 0 ] && break
    pick="${legal[$(( (ply * 7 + i) % ${#legal[@]} ))]}"
    put "$i" "$(printf '\x10')$line"$'\n'"$pick" "$corpus/action/$name-$ply"
    line="${line:+$line }$pick"
    [ "$ply" -ge 2 ] && rest="${rest:+$rest }$pick"
  done
  python3 -c 'import sys
t=open(sys.argv[1]).read()
if "rules = \x27\x27\x27" in t:
    r=t.split("rules = \x27\x27\x27",1)[1].split("\x27\x27\x27",1)[0]
    open(sys.argv[2],"wb").write(bytes([int(sys.argv[3])])+r.encode())' "$g" "$corpus/rules/$name" "$i"
  hash="$(fnv "$g")"
  put "$i" "game ${games[$i]}"$'\n'"hash $hash"$'\n'"moves $line"$'\n' "$corpus/record/$name"
  [ -n "$fen0" ] && put "$i" "game ${games[$i]}"$'\n'"hash $hash"$'\n'"moves $rest"$'\n'"fen $fen0"$'\n' "$corpus/record/$name-fen"
done
for t in game_file rules position action record; do echo "$t: $(ls "$corpus/$t" | wc -l) seeds"; done
