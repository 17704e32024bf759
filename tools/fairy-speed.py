#!/usr/bin/env python3
"""Speed of the example games against Fairy-Stockfish, each next to orthodox chess.

For every game, interp's `perft` and the engine's `go perft` run on the same position in
turn, best of N each in CPU seconds (interp's game loading, measured as perft 1, taken
out; the engine timed from `go` to its count), and the leaf counts must agree. Chess is
timed against the same engine build in the same run, so the figure that matters is the
game's ratio (engine time / interp time) divided by chess's: "relative" 1.0 means the
game's rules cost interp what they cost Fairy-Stockfish (the issue asks at least 0.8).
These machines are noisy: compare only the figures of one run.

usage: tools/fairy-speed.py INTERP --engines DIR [-n 3] [GAME ...]
DIR holds the builds named in the table below (`fairy-stockfish`: 64-bit boards;
`fairy-stockfish-lb`: built with largeboards=yes). GAME: names from the table (default all).
"""
import argparse, os, resource, subprocess, sys

# name: (game file, depth, engine build, UCI variant, position string for both or None)
GAMES = {
    "giveaway": ("games/examples/giveaway.toml", 6, "fairy-stockfish", "giveaway", None),
    "racingkings": ("games/examples/racingkings.toml", 6, "fairy-stockfish", "racingkings", None),
    "3check": ("games/examples/3check.toml", 6, "fairy-stockfish", "3check", None),
    "kingofthehill": ("games/examples/kingofthehill.toml", 6, "fairy-stockfish", "kingofthehill", None),
    "seirawan": ("games/examples/seirawan.toml", 6, "fairy-stockfish", "seirawan", None),
    "chess960": ("games/examples/chess960.toml", 6, "fairy-stockfish", "fischerandom",
                 "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"),
    "janggi": ("games/examples/janggi.toml", 5, "fairy-stockfish-lb", "janggi", None),
    "crazyhouse": ("games/examples/crazyhouse.toml", 6, "fairy-stockfish", "crazyhouse", None),
    "sittuyin": ("games/examples/sittuyin.toml", 4, "fairy-stockfish", "sittuyin", None),
    "shogi": ("games/examples/shogi.toml", 5, "fairy-stockfish-lb", "shogi", None),
    "minishogi": ("games/examples/minishogi.toml", 7, "fairy-stockfish", "minishogi", None),
}
CHESS_DEPTH = 6
# interp options for a game whose default rules count differently from the engine's
# (minishogi: Fairy-Stockfish allows a Pawn drop that mates, which happens by perft 7).
OPTIONS = {"games/examples/minishogi.toml": ["--option", "pawn-drop-mate"]}


def interp_run(a, game, depth, fen):
    cmd = [a.interp, "perft", game, "--depth", str(depth)] + (["--fen", fen] if fen else []) + OPTIONS.get(game, [])
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"interp failed: {p.stderr.strip()[-300:]}")
    return int(p.stdout.split()[-1]), (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def engine_run(path, variant, depth, fen):
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def wait(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit(f"{path} stopped")
            if line.startswith(prefix):
                return line

    def cpu():  # the engine's own threads, in seconds
        total = 0
        for t in os.listdir(f"/proc/{p.pid}/task"):
            try:
                total += int(open(f"/proc/{p.pid}/task/{t}/schedstat").read().split()[0])
            except OSError:
                pass
        return total / 1e9

    send("uci"); wait("uciok")
    if variant != "chess":
        send(f"setoption name UCI_Variant value {variant}")
    send("position " + (f"fen {fen}" if fen else "startpos")); send("isready"); wait("readyok")
    c0 = cpu(); send(f"go perft {depth}"); line = wait("Nodes searched"); c = cpu() - c0
    send("quit"); p.wait()
    return int(line.split()[-1]), c


def pair(a, game, depth, engine, variant, fen):
    """Best-of-n CPU seconds of both, interleaved; the engine/interp ratio."""
    base = min(interp_run(a, game, 1, fen)[1] for _ in range(3))
    ti = te = float("inf")
    for r in range(a.n):
        for side in ([0, 1] if r % 2 == 0 else [1, 0]):
            if side == 0:
                ni, c = interp_run(a, game, depth, fen)
                ti = min(ti, max(c - base, 1e-3))
            else:
                ne, c = engine_run(os.path.join(a.engines, engine), variant, depth, fen)
                te = min(te, max(c, 1e-3))
    if ni != ne:
        sys.exit(f"{game} perft({depth}): interp {ni}, engine {ne}")
    print(f"  {os.path.basename(game)} d{depth} ({ni} leaves): interp {ti:.2f}s, {engine} {te:.2f}s", flush=True)
    return te / ti


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("interp")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--engines", required=True)
    ap.add_argument("-n", type=int, default=3)
    a = ap.parse_intermixed_args()
    chess, rows = {}, []
    for name in a.games or list(GAMES):
        game, depth, engine, variant, fen = GAMES[name]
        if engine not in chess:
            chess[engine] = pair(a, "games/chess.toml", CHESS_DEPTH, engine, "chess", None)
        r = pair(a, game, depth, engine, variant, fen)
        rows.append((name, depth, engine, r, r / chess[engine]))
    print(f"{'game':<14} {'depth':>5}  {'engine':<19} {'ratio':>6} {'chess':>6} {'relative':>8}")
    for name, depth, engine, r, rel in rows:
        note = "" if rel >= 0.8 else "  below 0.8"
        print(f"{name:<14} {depth:>5}  {engine:<19} {r:>6.3f} {chess[engine]:>6.3f} {rel:>8.2f}{note}")


if __name__ == "__main__":
    main()
