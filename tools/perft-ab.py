#!/usr/bin/env python3
"""Perft speed of two interp binaries side by side: CPU seconds, interleaved, best of N,
game-loading time (perft 1) taken out; the leaf counts must agree.
usage: tools/perft-ab.py OLD NEW [-n 3] [GAME:DEPTH ...]
default workloads: chess d6, xiangqi d4, Taasen d9, Asteryx d5 (the redesign's yardstick).
prints one line per workload: 'old Xs, new Ys, speed ratio new/old R' (R >= 1: new is faster)."""
import argparse, resource, subprocess, sys

DEFAULT = ["games/chess.toml:6", "games/examples/xiangqi.toml:4", "games/taasen.toml:9", "games/asteryx.toml:5"]
ap = argparse.ArgumentParser()
ap.add_argument("old"); ap.add_argument("new"); ap.add_argument("work", nargs="*")
ap.add_argument("-n", type=int, default=3)
a = ap.parse_intermixed_args()

def run(binary, game, depth):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([binary, "perft", game, "--depth", str(depth)], capture_output=True, text=True, timeout=1800)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"{binary} failed on {game}: {p.stderr.strip()[-200:]}")
    return int(p.stdout.split()[-1]), (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)

worst = None
for w in a.work or DEFAULT:
    game, depth = w.rsplit(":", 1)
    depth = int(depth)
    base = [min(run(b, game, 1)[1] for _ in range(3)) for b in (a.old, a.new)]
    best = [1e9, 1e9]; leaves = [None, None]
    for r in range(a.n):
        for i in ([0, 1] if r % 2 == 0 else [1, 0]):
            n, c = run((a.old, a.new)[i], game, depth)
            leaves[i] = n; best[i] = min(best[i], max(c - base[i], 1e-3))
    if leaves[0] != leaves[1]:
        sys.exit(f"{game} d{depth}: leaf counts differ: old {leaves[0]}, new {leaves[1]}")
    ratio = best[0] / best[1]
    worst = ratio if worst is None else min(worst, ratio)
    print(f"{game} d{depth} ({leaves[0]} leaves): old {best[0]:.2f}s, new {best[1]:.2f}s, speed ratio new/old {ratio:.3f}", flush=True)
print(f"lowest ratio {worst:.3f}")
