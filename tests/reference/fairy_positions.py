#!/usr/bin/env python3
"""Perft counts of Fairy-Stockfish at nodes deep into seeded random games, as test data.

An independent reference for the example games written after Fairy-Stockfish's variants
(giveaway, 3check, janggi, ...): the engine plays random games (uniform over the legal
moves its `go perft 1` lists, from a seeded generator) and, at the sampled plies, gives
its position string and its perft count. tests/common/fairy.rs replays each line in interp
and compares.

usage: fairy_positions.py --engine PATH --variant V [--uci-option NAME=VALUE ...]
       [--start-fen FEN] --games G --seed S --depth D [--plies 12..90] [--every 6]
       [--favour REGEX]

--favour: when some legal moves match the regular expression (on their UCI spelling),
the game plays one of them every other time it can (say `f$` for Sittuyin's promotions),
so that the rare moves happen in the sampled games.

Output (stdout): a `#` header with the command line and the engine's name, then one
tab-separated line per sampled node:
    START_FEN <TAB> UCI_MOVES <TAB> FEN <TAB> DEPTH <TAB> COUNT
START_FEN is `startpos` for the variant's own start; UCI_MOVES are space separated
(empty at the start); FEN is the engine's position string at the node.
"""
import argparse
import random
import re
import shlex
import subprocess
import sys


class Engine:
    def __init__(self, path, variant, options):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.name = ""
        for line in self.until("uciok"):
            if line.startswith("id name "):
                self.name = line[8:]
        for opt in options:
            name, value = opt.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        list(self.until("readyok"))

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            line = line.rstrip("\n")
            yield line
            if line.startswith(prefix):
                return

    def position(self, start, moves):
        pos = "startpos" if start == "startpos" else "fen " + start
        self.send(f"position {pos}" + (" moves " + " ".join(moves) if moves else ""))

    def perft(self, depth):
        """The per-move split and the total."""
        self.send(f"go perft {depth}")
        split = {}
        for line in self.until("Nodes searched"):
            if line.startswith("Nodes searched"):
                return split, int(line.split()[-1])
            if ": " in line and " " not in line.split(": ")[0]:
                m, n = line.split(": ", 1)
                if n.strip().isdigit():
                    split[m] = int(n)

    def fen(self):
        self.send("d")
        fen = None
        for line in self.until("Checkers"):
            if line.startswith("Fen: "):
                fen = line[5:]
        return fen

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--uci-option", action="append", default=[])
    ap.add_argument("--start-fen", default="startpos")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--plies", default="12..90")
    ap.add_argument("--every", type=int, default=6)
    ap.add_argument("--favour", default=None)
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.plies.split(".."))
    e = Engine(a.engine, a.variant, a.uci_option)
    args = " ".join(shlex.quote(x) for x in sys.argv[1:])
    print(f"# made by: python3 tests/reference/fairy_positions.py {args}")
    print(f"# engine: {e.name}")
    for gi in range(a.games):
        rng = random.Random(a.seed * 1000 + gi)
        moves = []
        for ply in range(hi + 1):
            e.position(a.start_fen, moves)
            legal, _ = e.perft(1)
            if ply >= lo and (ply - lo) % a.every == 0:
                fen = e.fen()
                _, n = e.perft(a.depth)
                print("\t".join([a.start_fen, " ".join(moves), fen, str(a.depth), str(n)]), flush=True)
            if not legal:
                break
            options = sorted(legal)
            if a.favour:
                favoured = [m for m in options if re.search(a.favour, m)]
                if favoured and rng.random() < 0.5:
                    options = favoured
            moves.append(rng.choice(options))
    e.quit()


if __name__ == "__main__":
    main()
