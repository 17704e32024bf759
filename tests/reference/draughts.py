#!/usr/bin/env python3
"""An independent move generator for English checkers and international draughts.

Written from the rules (tests/reference/NOTES-draughts.md states them as implemented),
standard library only, sharing nothing with interp. It serves as a reference: perft from
the start against the published tables, and perft counts at nodes deep into seeded
random games, as test data for the engine (tests/data/draughts/).

usage:
    draughts.py perft  --game checkers|international [--fen F] [--moves "..."] DEPTH [--divide]
    draughts.py moves  --game G [--fen F] [--moves "..."]
    draughts.py sample --game G --games N --seed S --depth D [--plies 10..80] [--every 7]
                       [--per-game K]

Squares are numbered as the players number them: 1..32 (checkers) or 1..50 (draughts),
row by row from the top (Black's side, seen from White), left to right, on the dark
squares; the bottom-left corner square (32 squares: 29, 50 squares: 46) is dark.

Move format (one token, no spaces):
    FROM-TO                 a move without capture, e.g. 32-28, or 11-15
    FROMxTO:C1,C2,...       a capture from FROM ending on TO that takes the pieces on the
                            squares C1, C2, ... (listed in ascending order), e.g. 28x19:23
                            or 35x4:9,10,20,30 (FROM may equal TO for a king's round trip)
A move is identified by its origin, its landing square and the set of squares it
captures: capture sequences that agree on these three are one move, whatever the order
of the jumps or the squares touched on the way (`moves` prints, after each move, one
landing path that makes it: `FROMxL1xL2x...xTO`).

Position format (PDN FEN): `W:W31,32,K45:B1,2,K7` — the side to move (W or B), then
White's and Black's pieces (a `K` before a king's square). Ranges `W21-32` are read too.
"""
import argparse
import random
import sys
import time

WHITE, BLACK = 1, -1
# board values: 0 empty, +1 white man, +2 white king, -1 black man, -2 black king


class Rules:
    """The geometry and the rules of one game: board size, who may capture how."""

    def __init__(self, game):
        if game in ("checkers", "english"):
            self.name, self.size = "checkers", 8
            self.flying = False          # kings move and capture one step
            self.men_back = False        # men capture forward only
            self.majority = False        # any capture sequence may be chosen
            self.crown_stops = True      # a man crowned by a capture ends its move
            self.first = BLACK           # Black moves first
        elif game in ("international", "draughts"):
            self.name, self.size = "international", 10
            self.flying = True           # kings fly
            self.men_back = True         # men capture backwards too
            self.majority = True         # the sequence capturing the most pieces
            self.crown_stops = False     # passing the crown row mid-capture: no crowning
            self.first = WHITE
        else:
            raise SystemExit(f"unknown game {game!r}")
        s = self.size
        half = s // 2
        self.n = s * half
        self.rc = [None] * (self.n + 1)
        at = {}
        for sq in range(1, self.n + 1):
            r, k = divmod(sq - 1, half)
            c = 2 * k + 1 if r % 2 == 0 else 2 * k
            self.rc[sq] = (r, c)
            at[(r, c)] = sq
        # directions: 0 up-left, 1 up-right (White's forward), 2 down-left, 3 down-right
        self.dirs = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        self.nb = [[0] * (self.n + 1) for _ in range(4)]
        self.ray = [[()] * (self.n + 1) for _ in range(4)]
        for d, (dr, dc) in enumerate(self.dirs):
            for sq in range(1, self.n + 1):
                r, c = self.rc[sq]
                out = []
                rr, cc = r + dr, c + dc
                while (rr, cc) in at:
                    out.append(at[(rr, cc)])
                    rr, cc = rr + dr, cc + dc
                self.ray[d][sq] = tuple(out)
                self.nb[d][sq] = out[0] if out else 0
        # forward directions per side, crown row per side
        self.forward = {WHITE: (0, 1), BLACK: (2, 3)}
        self.crown = {WHITE: set(range(1, half + 1)), BLACK: set(range(self.n - half + 1, self.n + 1))}
        rows = 3 if s == 8 else 4
        self.start_black = list(range(1, rows * half + 1))
        self.start_white = list(range(self.n - rows * half + 1, self.n + 1))

    def start(self):
        b = [0] * (self.n + 1)
        for sq in self.start_black:
            b[sq] = -1
        for sq in self.start_white:
            b[sq] = 1
        return Position(b, self.first)


class Position:
    __slots__ = ("b", "side")

    def __init__(self, b, side):
        self.b = b
        self.side = side

    def copy(self):
        return Position(self.b[:], self.side)


# ---------------------------------------------------------------- move generation
# A move is a tuple (frm, to, caps, path): caps the captured squares in ascending order
# (empty for a plain move), path the landing squares of one sequence that makes it.


def gen_moves(R, pos):
    """The legal moves: captures if any (all of them, or the longest under the majority
    rule), else the plain moves."""
    caps = gen_captures(R, pos)
    if caps:
        return caps
    return gen_plain(R, pos)


def gen_plain(R, pos):
    b, side = pos.b, pos.side
    out = []
    fwd = R.forward[side]
    for sq in range(1, R.n + 1):
        p = b[sq] * side
        if p <= 0:
            continue
        if p == 1:
            for d in fwd:
                t = R.nb[d][sq]
                if t and b[t] == 0:
                    out.append((sq, t, (), (t,)))
        elif R.flying:
            for d in range(4):
                for t in R.ray[d][sq]:
                    if b[t] != 0:
                        break
                    out.append((sq, t, (), (t,)))
        else:
            for d in range(4):
                t = R.nb[d][sq]
                if t and b[t] == 0:
                    out.append((sq, t, (), (t,)))
    return out


def gen_captures(R, pos):
    """Every complete capture sequence, one move per (origin, landing, captured set).
    The mover is lifted from its origin (which counts as empty during the sequence);
    captured pieces stay on the board until the sequence ends: they block the way and may
    not be jumped again."""
    b, side = pos.b, pos.side
    found = {}
    for sq in range(1, R.n + 1):
        p = b[sq] * side
        if p <= 0:
            continue
        b[sq] = 0
        king = p == 2
        if king and R.flying:
            _fly(R, b, side, sq, sq, [], found)
        else:
            dirs = range(4) if (king or R.men_back) else R.forward[side]
            _step(R, b, side, sq, sq, king, dirs, [], found)
        b[sq] = p * side
    if not found:
        return []
    moves = list(found.values())
    if R.majority:
        best = max(len(m[2]) for m in moves)
        moves = [m for m in moves if len(m[2]) == best]
    return moves


DISTINCT_PATHS = False   # --paths: count sequences with different landing paths apart


def _record(found, frm, to, capt, path):
    caps = tuple(sorted(capt))
    key = (frm, to, caps, tuple(path)) if DISTINCT_PATHS else (frm, to, caps)
    if key not in found:
        found[key] = (frm, to, caps, tuple(path))


def _step(R, b, side, frm, cur, king, dirs, seq, found, path=()):
    """Short jumps (men of both games, checkers kings): over an adjacent enemy piece not
    yet captured onto the empty square just beyond."""
    more = False
    for d in dirs:
        m = R.nb[d][cur]
        if not m or b[m] * side >= 0 or m in seq:
            continue
        t = R.nb[d][m]
        if not t or b[t] != 0:
            continue
        more = True
        seq.append(m)
        if not king and R.crown_stops and t in R.crown[side]:
            _record(found, frm, t, seq, path + (t,))   # crowned: the move ends here
        else:
            _step(R, b, side, frm, t, king, dirs, seq, found, path + (t,))
        seq.pop()
    if not more and seq:
        _record(found, frm, cur, seq, path)


def _fly(R, b, side, frm, cur, seq, found, path=()):
    """Flying king's jumps: along a diagonal over empty squares to an enemy piece not yet
    captured, then onto any empty square beyond it (before the next occupied one)."""
    more = False
    for d in range(4):
        ray = R.ray[d][cur]
        i, n = 0, len(ray)
        while i < n and b[ray[i]] == 0:
            i += 1
        if i >= n:
            continue
        m = ray[i]
        if b[m] * side >= 0 or m in seq:       # own piece, or a piece already taken
            continue
        i += 1
        if i >= n or b[ray[i]] != 0:
            continue
        more = True
        seq.append(m)
        while i < n and b[ray[i]] == 0:
            t = ray[i]
            _fly(R, b, side, frm, t, seq, found, path + (t,))
            i += 1
        seq.pop()
    if not more and seq:
        _record(found, frm, cur, seq, path)


def make(R, pos, mv):
    """Plays mv on pos in place; returns what unmake needs."""
    frm, to, caps, _ = mv
    b, side = pos.b, pos.side
    p = b[frm]
    taken = [b[c] for c in caps]
    for c in caps:
        b[c] = 0
    b[frm] = 0
    q = p
    if p * side == 1 and to in R.crown[side]:
        q = 2 * side
    b[to] = q
    pos.side = -side
    return (p, taken)


def unmake(R, pos, mv, undo):
    frm, to, caps, _ = mv
    p, taken = undo
    b = pos.b
    b[to] = 0
    b[frm] = p
    for c, v in zip(caps, taken):
        b[c] = v
    pos.side = -pos.side


# ---------------------------------------------------------------- notation


def move_str(mv):
    frm, to, caps, _ = mv
    if not caps:
        return f"{frm}-{to}"
    return f"{frm}x{to}:" + ",".join(map(str, caps))


def path_str(mv):
    frm, to, caps, path = mv
    return ("x" if caps else "-").join(map(str, (frm,) + path))


def parse_move(R, pos, text):
    for mv in gen_moves(R, pos):
        if move_str(mv) == text:
            return mv
    raise SystemExit(f"not a legal move here: {text!r}; legal: " + " ".join(move_str(m) for m in gen_moves(R, pos)))


def to_fen(R, pos):
    w = [("K" if pos.b[s] == 2 else "") + str(s) for s in range(1, R.n + 1) if pos.b[s] > 0]
    k = [("K" if pos.b[s] == -2 else "") + str(s) for s in range(1, R.n + 1) if pos.b[s] < 0]
    return ("W" if pos.side == WHITE else "B") + ":W" + ",".join(w) + ":B" + ",".join(k)


def from_fen(R, text):
    text = text.strip().rstrip(".")
    parts = text.split(":")
    side = {"W": WHITE, "B": BLACK}[parts[0].upper()]
    b = [0] * (R.n + 1)
    for part in parts[1:]:
        if not part:
            continue
        colour = {"W": WHITE, "B": BLACK}[part[0].upper()]
        for item in part[1:].split(","):
            item = item.strip()
            if not item:
                continue
            king = item[0] in "Kk"
            if king:
                item = item[1:]
            if "-" in item:
                lo, hi = map(int, item.split("-"))
                squares = range(lo, hi + 1)
            else:
                squares = [int(item)]
            for s in squares:
                if not 1 <= s <= R.n:
                    raise SystemExit(f"no square {s}")
                b[s] = colour * (2 if king else 1)
    return Position(b, side)


# ---------------------------------------------------------------- perft


def perft(R, pos, depth, tt=None):
    """Leaf count at depth; a position without moves (the side to move has lost) counts 0.
    tt: an optional dict memoising counts by (board, side, depth) for depth >= 2."""
    moves = gen_moves(R, pos)
    if depth == 1:
        return len(moves)
    if depth == 0:
        return 1
    key = None
    if tt is not None:
        key = (bytes(v + 2 for v in pos.b), pos.side, depth)
        hit = tt.get(key)
        if hit is not None:
            return hit
    total = 0
    for mv in moves:
        undo = make(R, pos, mv)
        total += perft(R, pos, depth - 1, tt)
        unmake(R, pos, mv, undo)
    if key is not None:
        tt[key] = total
    return total


def setup(R, args):
    pos = from_fen(R, args.fen) if args.fen else R.start()
    for text in (args.moves or "").split():
        mv = parse_move(R, pos, text)
        make(R, pos, mv)
    return pos


def cmd_perft(R, args):
    pos = setup(R, args)
    tt = None if args.no_tt else {}
    if args.divide:
        total = 0
        t0 = time.time()
        for mv in sorted(gen_moves(R, pos), key=move_str):
            undo = make(R, pos, mv)
            n = perft(R, pos, args.depth - 1, tt) if args.depth > 1 else 1
            unmake(R, pos, mv, undo)
            print(f"{move_str(mv)}: {n}")
            total += n
        print(f"total {total}  ({time.time() - t0:.1f} s)")
        return
    depths = [args.depth] if args.only else range(1, args.depth + 1)
    for d in depths:
        t0 = time.time()
        n = perft(R, pos, d, tt)
        print(f"perft {d}: {n}  ({time.time() - t0:.1f} s)", flush=True)


def cmd_moves(R, args):
    pos = setup(R, args)
    print(to_fen(R, pos))
    for mv in sorted(gen_moves(R, pos), key=move_str):
        print(move_str(mv), path_str(mv))


# ---------------------------------------------------------------- sampling


def all_paths(R, pos):
    """For the feature survey: how many distinct landing paths make each capture move."""
    b, side = pos.b, pos.side
    counts = {}

    def rec(frm, cur, seq, path, king, dirs):
        more = False
        for d in dirs:
            ray = R.ray[d][cur]
            if king and R.flying:
                i = 0
                while i < len(ray) and b[ray[i]] == 0:
                    i += 1
            else:
                i = 0
            if i >= len(ray):
                continue
            m = ray[i]
            if b[m] * side >= 0 or m in seq:
                continue
            i += 1
            if i >= len(ray) or b[ray[i]] != 0:
                continue
            more = True
            seq.append(m)
            while i < len(ray) and b[ray[i]] == 0:
                t = ray[i]
                if not king and R.crown_stops and t in R.crown[side]:
                    key = (frm, t, tuple(sorted(seq)))
                    counts[key] = counts.get(key, 0) + 1
                else:
                    rec(frm, t, seq, path + (t,), king, dirs)
                if not (king and R.flying):
                    break
                i += 1
            seq.pop()
        if not more and seq:
            key = (frm, cur, tuple(sorted(seq)))
            counts[key] = counts.get(key, 0) + 1

    for sq in range(1, R.n + 1):
        p = b[sq] * side
        if p <= 0:
            continue
        b[sq] = 0
        king = p == 2
        dirs = range(4) if (king or R.men_back) else R.forward[side]
        rec(sq, sq, [], (), king, dirs)
        b[sq] = p * side
    return counts


def features(R, pos):
    """Which of the subtle rules the moves at pos exercise (a set of short names)."""
    f = set()
    if any(abs(v) == 2 for v in pos.b):
        f.add("kings")
    moves = gen_moves(R, pos)
    caps = [m for m in moves if m[2]]
    if not caps:
        return f
    f.add("capture")
    paths = all_paths(R, pos)
    if max(len(k[2]) for k in paths) >= 2:
        f.add("multi")
    if R.majority and len({len(k[2]) for k in paths}) > 1:
        f.add("majority")           # the majority rule removes some sequences
    ends = {}
    for m in caps:
        ends[(m[0], m[1])] = ends.get((m[0], m[1]), 0) + 1
    if any(n > 1 for n in ends.values()):
        f.add("same-square")        # two moves with one origin and landing square
    if any(paths[(m[0], m[1], m[2])] > 1 for m in caps):
        f.add("merged-paths")       # one move made by several landing paths
    for m in caps:
        if abs(pos.b[m[0]]) == 2:
            f.add("king-capture")
            if R.flying:
                # long: the king's path touches a square not adjacent to a captured piece
                frm, path = m[0], (m[0],) + m[3]
                for a, c in zip(path, path[1:]):
                    ra, ca = R.rc[a]
                    rb, cb = R.rc[c]
                    if abs(ra - rb) > 2:
                        f.add("long-king-capture")
        if abs(pos.b[m[0]]) == 1:
            crossed = set(m[3][:-1]) & R.crown[pos.side]
            if crossed and m[1] not in R.crown[pos.side]:
                f.add("crown-passed")   # a man crossing the crown row mid-capture
            if m[1] in R.crown[pos.side]:
                f.add("crowning-capture")
    return f


def random_game(R, rng, plies):
    pos = R.start()
    line = []
    nodes = []
    for ply in range(plies + 1):
        moves = gen_moves(R, pos)
        nodes.append((list(line), pos.copy()))
        if not moves:
            break
        mv = rng.choice(sorted(moves, key=move_str))
        make(R, pos, mv)
        line.append(move_str(mv))
    return nodes


RARE = ("same-square", "merged-paths", "majority", "long-king-capture", "crown-passed",
        "crowning-capture", "king-capture", "multi")


def count_paths_apart(R, pos, depth):
    """perft with capture sequences told apart by their landing paths (--paths)."""
    global DISTINCT_PATHS
    DISTINCT_PATHS = True
    try:
        return perft(R, pos.copy(), depth, {})
    finally:
        DISTINCT_PATHS = False


def cmd_sample(R, args):
    """Seeded random games (uniform over the legal moves); from the first --regular games
    every --every plies within --plies, and from all games the nodes whose moves show a
    rule still under its --quota (same-square, merged-paths, majority, ...)."""
    lo, hi = map(int, args.plies.split(".."))
    rng = random.Random(args.seed)
    print("# made by: python3 tests/reference/draughts.py " + " ".join(sys.argv[1:]))
    print("# format: START<TAB>MOVES<TAB>POSITION<TAB>DEPTH<TAB>COUNT (see tests/reference/README.md)")
    tally, lines, apart = {}, [], 0
    for g in range(args.games):
        nodes = random_game(R, rng, hi)
        off = rng.randrange(args.every)
        for i, (ln, p) in enumerate(nodes):
            if not lo <= i <= hi or not gen_moves(R, p):
                continue
            f = features(R, p)
            regular = g < args.regular and (i - lo - off) % args.every == 0
            wanted = [r for r in RARE if r in f and tally.get(r, 0) < args.quota]
            if not regular and not wanted:
                continue
            n = perft(R, p.copy(), args.depth, {})
            if n != count_paths_apart(R, p, args.depth):
                apart += 1
            for name in f:
                tally[name] = tally.get(name, 0) + 1
            lines.append(f"startpos\t{' '.join(ln)}\t{to_fen(R, p)}\t{args.depth}\t{n}")
    print("# nodes: %d; nodes whose own moves show: %s" % (len(lines), ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))))
    print(f"# nodes whose count differs when capture sequences are told apart by path (--paths): {apart}")
    for ln in lines:
        print(ln)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("perft", "moves", "sample"):
        sp = sub.add_parser(name)
        sp.add_argument("--game", required=True)
        if name != "sample":
            sp.add_argument("--fen")
            sp.add_argument("--moves")
        if name == "perft":
            sp.add_argument("depth", type=int)
            sp.add_argument("--divide", action="store_true", help="the count after each move")
            sp.add_argument("--only", action="store_true", help="only the given depth")
            sp.add_argument("--no-tt", action="store_true", help="no memo of transpositions")
            sp.add_argument("--paths", action="store_true",
                            help="count capture sequences with different landing paths as different moves")
        if name == "sample":
            sp.add_argument("--games", type=int, required=True)
            sp.add_argument("--seed", type=int, required=True)
            sp.add_argument("--depth", type=int, required=True)
            sp.add_argument("--plies", default="10..80")
            sp.add_argument("--every", type=int, default=10)
            sp.add_argument("--regular", type=int, default=6, help="games sampled every --every plies")
            sp.add_argument("--quota", type=int, default=6, help="nodes kept per rule shown")
    args = ap.parse_args()
    R = Rules(args.game)
    if getattr(args, "paths", False):
        global DISTINCT_PATHS
        DISTINCT_PATHS = True
    {"perft": cmd_perft, "moves": cmd_moves, "sample": cmd_sample}[args.cmd](R, args)


if __name__ == "__main__":
    main()
