#!/usr/bin/env python3
"""The speed benchmark of issue 13: interp's perft against Fairy-Stockfish and against an
earlier interp, side by side in one run.

Every workload runs its two programs in turn, best of N each, in CPU seconds (interp's game
loading, measured as perft 1 from the same position, taken out; Fairy-Stockfish timed from
`go perft` to its count), and the leaf counts must agree. These machines are noisy: only
figures of one run compare.

- against Fairy-Stockfish (`--engines DIR`: `fairy-stockfish`, its 64-bit build, and
  `fairy-stockfish-lb`, its large-board build): chess perft 6 and the five positions of the
  Chess Programming Wiki, xiangqi and capablanca perft 5; the figure is engine time /
  interp time, and the target is at least 0.5;
- against an earlier interp (`--base BIN`): the seed games, each from its usual test
  position; the figure is base time / new time, with the issue's targets (2 or 1.5).

usage: tools/speed-bench.py INTERP [--engines DIR] [--base BIN] [-n 3] [--quick] [NAME ...]
NAME: workloads by name (default all that the given programs allow); --quick takes one
ply off every depth.
"""
import argparse, importlib.util, os, resource, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("fairy_speed", os.path.join(HERE, "fairy-speed.py"))
fairy = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fairy)

CPW = {  # https://www.chessprogramming.org/Perft_Results
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    "cpw3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
    "cpw4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    "cpw5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4),
    "cpw6": ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4),
}
# name: (game file, depth, engine build, UCI variant, FEN or None)
ENGINE = {"chess": ("games/chess.toml", 6, "fairy-stockfish", "chess", None)}
ENGINE.update({n: ("games/chess.toml", d, "fairy-stockfish", "chess", f) for n, (f, d) in CPW.items()})
ENGINE["xiangqi"] = ("games/examples/xiangqi.toml", 5, "fairy-stockfish-lb", "xiangqi", None)
ENGINE["capablanca"] = ("games/examples/capablanca.toml", 5, "fairy-stockfish-lb", "capablanca", None)
TAKTYKA_TEST = "leader:e2 leader:e9 rolloff:white first:white"
# name: (game file, depth, actions first, target speed-up)
BASE = {
    "taasen": ("games/taasen.toml", 9, "", 2.0),
    "taktyka": ("games/taktyka.toml", 6, TAKTYKA_TEST, 2.0),
    "asteryx": ("games/asteryx.toml", 5, "", 2.0),
    "tishai": ("games/tishai.toml", 6, "", 1.5),
    "trubix-43": ("games/trubix-43.toml", 6, "", 1.5),
}


def interp(binary, game, depth, fen=None, moves=""):
    """Leaves and CPU seconds of one `interp perft`."""
    cmd = [binary, "perft", game, "--depth", str(depth)]
    cmd += (["--fen", fen] if fen else []) + (["--moves", moves] if moves else [])
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=3600)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"{binary} failed on {game}: {p.stderr.strip()[-300:]}")
    return int(p.stdout.split()[-1]), (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def side_by_side(n, runs, loads):
    """Best-of-n CPU seconds of two runs, interleaved, less their loading time; their leaves."""
    best, leaves = [float("inf")] * 2, [None, None]
    for r in range(n):
        for i in ([0, 1] if r % 2 == 0 else [1, 0]):
            leaves[i], c = runs[i]()
            best[i] = min(best[i], max(c - loads[i], 1e-3))
    return best, leaves


def against_engine(a, name):
    game, depth, build, variant, fen = ENGINE[name]
    depth -= a.quick
    load = min(interp(a.interp, game, 1, fen)[1] for _ in range(3))
    path = os.path.join(a.engines, build)
    runs = [lambda: interp(a.interp, game, depth, fen), lambda: fairy.engine_run(path, variant, depth, fen)]
    (ti, te), (ni, ne) = side_by_side(a.n, runs, [load, 0.0])
    if ni != ne:
        sys.exit(f"{name} perft {depth}: interp {ni}, {build} {ne}")
    return f"perft {depth}", ni, ti, te, build, te / ti, 0.5


def against_base(a, name):
    game, depth, moves, target = BASE[name]
    depth -= a.quick
    bins = [a.interp, a.base]
    loads = [min(interp(b, game, 1, moves=moves)[1] for _ in range(3)) for b in bins]
    runs = [lambda b=b: interp(b, game, depth, moves=moves) for b in bins]
    (tn, tb), (nn, nb) = side_by_side(a.n, runs, loads)
    if nn != nb:
        sys.exit(f"{name} perft {depth}: leaf counts differ: new {nn}, base {nb}")
    return f"perft {depth}", nn, tn, tb, "base", tb / tn, target


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("interp")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--engines", help="the directory of the Fairy-Stockfish builds")
    ap.add_argument("--base", help="an earlier interp binary")
    ap.add_argument("-n", type=int, default=3)
    ap.add_argument("--quick", action="store_const", const=1, default=0)
    a = ap.parse_intermixed_args()
    names = a.names or ([*ENGINE] if a.engines else []) + ([*BASE] if a.base else [])
    if not names:
        ap.error("give --engines DIR, --base BIN or both")
    print(f"{'workload':<11} {'depth':<8} {'leaves':>11} {'interp':>8} {'other':>8}  {'vs':<18} {'ratio':>6} {'target':>6}")
    for name in names:
        if name in ENGINE and a.engines:
            row = against_engine(a, name)
        elif name in BASE and a.base:
            row = against_base(a, name)
        else:
            sys.exit(f"unknown workload or missing --engines/--base: {name}")
        depth, leaves, ti, to, vs, ratio, target = row
        mark = "" if ratio >= target else "  below"
        print(f"{name:<11} {depth:<8} {leaves:>11} {ti:>7.2f}s {to:>7.2f}s  {vs:<18} {ratio:>6.2f} {target:>6.1f}{mark}", flush=True)


if __name__ == "__main__":
    main()
