#!/usr/bin/env python3
"""Independent reference implementation of Trubix-43, written from the project's rulings
(stated in the description of games/trubix-43.toml) without reading the engine's code.

Standard library only.  CLI:
  trubix43.py moves [--moves "A1 A2 ..."]
  trubix43.py perft DEPTH [--moves "..."] [--divide]
  trubix43.py vectors N SEED OUT.txt
  trubix43.py show [--moves "..."]
"""
import random
import sys
import time

FILES = "abcde"
WHITE, BLACK = 0, 1
SIDE_NAME = ("white", "black")
# directions: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW
DVEC = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
DNAME = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
N_, NE, E_, SE, S_, SW, W_, NW = range(8)


def ordinary_exists(f, r):
    if r in (1, 2, 3, 7, 8, 9):
        return 0 <= f <= 4
    if r in (4, 5, 6):
        return 1 <= f <= 3
    return False


NAMES = []
for r in range(1, 10):
    for f in range(5):
        if ordinary_exists(f, r):
            NAMES.append(FILES[f] + str(r))
NAMES += ["bc0", "cd0", "bc10", "cd10"]
assert len(NAMES) == 43
IDX = {n: i for i, n in enumerate(NAMES)}
NC = len(NAMES)


def rank_of(c):
    n = NAMES[c]
    return int(n[2:]) if n[:2] in ("bc", "cd") and len(n) > 2 else int(n[1:])


def build_links():
    links = [[[] for _ in range(8)] for _ in range(NC)]
    for r in range(1, 10):
        for f in range(5):
            if not ordinary_exists(f, r):
                continue
            c = IDX[FILES[f] + str(r)]
            for d, (dx, dy) in enumerate(DVEC):
                if ordinary_exists(f + dx, r + dy):
                    links[c][d].append(IDX[FILES[f + dx] + str(r + dy)])
    special = """
    bc0 E cd0
    cd0 W bc0
    bc0 N b1
    bc0 NW b1
    bc0 N c1
    bc0 NE c1
    cd0 N c1
    cd0 NW c1
    cd0 N d1
    cd0 NE d1
    b1 S bc0
    b1 SE bc0
    c1 S bc0
    c1 SW bc0
    c1 S cd0
    c1 SE cd0
    d1 S cd0
    d1 SW cd0
    bc10 E cd10
    cd10 W bc10
    bc10 S b9
    bc10 SW b9
    bc10 S c9
    bc10 SE c9
    cd10 S c9
    cd10 SW c9
    cd10 S d9
    cd10 SE d9
    b9 N bc10
    b9 NE bc10
    c9 N bc10
    c9 NW bc10
    c9 N cd10
    c9 NE cd10
    d9 N cd10
    d9 NW cd10
    """
    for ln in special.split("\n"):
        ln = ln.split()
        if not ln:
            continue
        a, d, b = ln
        links[IDX[a]][DNAME.index(d)].append(IDX[b])
    return links


LINKS = build_links()

XMOVES = {}
for a, b in (("a3", "b4"), ("e3", "d4"), ("b6", "a7"), ("d6", "e7")):
    XMOVES.setdefault(IDX[a], []).append(IDX[b])
    XMOVES.setdefault(IDX[b], []).append(IDX[a])
ZMOVES = ({IDX["a8"]: IDX["b9"], IDX["e8"]: IDX["d9"]},   # White
          {IDX["a2"]: IDX["b1"], IDX["e2"]: IDX["d1"]})   # Black
RANK9 = {c for c in range(NC) if NAMES[c] in ("a9", "b9", "c9", "d9", "e9")}
RANK1 = {c for c in range(NC) if NAMES[c] in ("a1", "b1", "c1", "d1", "e1")}
TOP = {IDX["bc10"], IDX["cd10"]}
BOTTOM = {IDX["bc0"], IDX["cd0"]}


def color_of(p):
    return WHITE if p.isupper() else BLACK


class State:
    __slots__ = ("board", "side", "unmoved", "result", "halfmove", "ply")

    def copy(self):
        s = State()
        s.board = self.board[:]
        s.side = self.side
        s.unmoved = set(self.unmoved)
        s.result = self.result
        s.halfmove = self.halfmove
        s.ply = self.ply
        return s

    def key(self):
        return (tuple(self.board), self.side)


def initial():
    s = State()
    b = [None] * NC
    setup_w = {"bc0": "Q", "cd0": "K", "a1": "F", "b1": "C", "c1": "S", "d1": "C",
               "e1": "F", "a2": "W", "b2": "W", "c2": "W", "d2": "W", "e2": "W",
               "a3": "F", "c3": "W", "e3": "F"}
    for n, p in setup_w.items():
        b[IDX[n]] = p
        # mirror
        if n.startswith(("bc", "cd")):
            m = n[:2] + "10"
        else:
            m = n[0] + str(10 - int(n[1:]))
        b[IDX[m]] = p.lower()
    s.board = b
    s.side = WHITE
    s.unmoved = {IDX[f + "2"] for f in FILES} | {IDX[f + "8"] for f in FILES}
    s.result = None
    s.halfmove = 0
    s.ply = 0
    return s


def piece_targets(b, frm, side, unmoved=()):
    """Destination cells of the piece on frm (pseudo-legal), as a set.
    Promotion is handled by the caller."""
    p = b[frm]
    t = p.upper()
    out = set()

    def ok(c):
        if c == frm:
            return False
        q = b[c]
        return q is None or color_of(q) != side

    if t in ("K", "C", "F"):
        for d in range(8):
            for c in LINKS[frm][d]:
                if ok(c):
                    out.add(c)
    if t == "C":
        for a in range(8):
            for m in LINKS[frm][a]:
                for bd in ((a + 1) % 8, (a + 7) % 8):
                    for c in LINKS[m][bd]:
                        if ok(c):
                            out.add(c)
    if t == "F":
        for d in range(8):
            for m in LINKS[frm][d]:
                for c in LINKS[m][d]:
                    if ok(c):
                        out.add(c)
    if t in ("Q", "S"):
        dirs = range(8) if t == "Q" else (0, 2, 4, 6)
        for d in dirs:
            stack = list(LINKS[frm][d])
            while stack:
                c = stack.pop()
                q = b[c]
                if q is None or c == frm:
                    out.add(c)
                    stack.extend(LINKS[c][d])
                elif color_of(q) != side:
                    out.add(c)
        if t == "S":
            for d in (1, 3, 5, 7):
                for c in LINKS[frm][d]:
                    if ok(c):
                        out.add(c)
    if t == "W":
        fwd = N_ if side == WHITE else S_
        back = (fwd + 4) % 8

        def empty(c):
            return b[c] is None and c != frm

        for d in (fwd, back):
            for c in LINKS[frm][d]:
                if empty(c):
                    out.add(c)
        for d in (1, 3, 5, 7):
            for c in LINKS[frm][d]:
                q = b[c]
                if q is not None and color_of(q) != side:
                    out.add(c)
        for c in XMOVES.get(frm, ()):
            if empty(c):
                out.add(c)
        z = ZMOVES[side].get(frm)
        if z is not None and empty(z):
            out.add(z)
        home2 = 2 if side == WHITE else 8
        if frm in unmoved and rank_of(frm) == home2:
            for m in LINKS[frm][fwd]:
                if not empty(m):
                    continue
                for c in list(LINKS[m][fwd]) + XMOVES.get(m, []):
                    if empty(c):
                        out.add(c)
    return out


def find_king(b, side):
    k = "K" if side == WHITE else "k"
    for c in range(NC):
        if b[c] == k:
            return c
    return None


def attacked(b, c, by):
    for x in range(NC):
        p = b[x]
        if p is not None and color_of(p) == by:
            if c in piece_targets(b, x, by):
                return True
    return False


def in_check(s, side=None):
    if side is None:
        side = s.side
    k = find_king(s.board, side)
    return k is not None and attacked(s.board, k, 1 - side)


def pseudo_actions(s):
    """dict notation -> (from, to, promo or None)."""
    b = s.board
    side = s.side
    acts = {}
    has_queen = ("Q" if side == WHITE else "q") in b
    for frm in range(NC):
        p = b[frm]
        if p is None or color_of(p) != side:
            continue
        for to in piece_targets(b, frm, side, s.unmoved):
            base = NAMES[frm] + "-" + NAMES[to]
            acts[base] = (frm, to, None)
            if p.upper() == "W":
                promos = ()
                if side == WHITE:
                    if to in RANK9:
                        promos = ("C", "F")
                    elif to in TOP:
                        promos = ("Q", "S", "C", "F")
                else:
                    if to in RANK1:
                        promos = ("C", "F")
                    elif to in BOTTOM:
                        promos = ("Q", "S", "C", "F")
                for pr in promos:
                    if pr == "Q" and has_queen:
                        continue
                    acts[base + "=" + pr] = (frm, to, pr)
    return acts


def raw_apply(s, mv):
    frm, to, promo = mv
    n = s.copy()
    b = n.board
    p = b[frm]
    cap = b[to] is not None
    b[frm] = None
    if promo:
        p = promo if s.side == WHITE else promo.lower()
    b[to] = p
    n.unmoved.discard(frm)
    n.unmoved.discard(to)
    n.side = 1 - s.side
    n.halfmove = 0 if cap else s.halfmove + 1
    n.ply = s.ply + 1
    return n


def legal_actions(s):
    if s.result is not None:
        return {}
    return gen_legal(s)


def gen_legal(s):
    out = {}
    for k, mv in pseudo_actions(s).items():
        n = raw_apply(s, mv)
        if not in_check(n, s.side):
            out[k] = mv
    return out


def apply_move(s, mv):
    n = raw_apply(s, mv)
    pieces = [p for p in n.board if p is not None]
    if len(pieces) == 2 and all(p.upper() == "K" for p in pieces):
        n.result = "draw"
        return n
    if not gen_legal(n):
        n.result = SIDE_NAME[s.side] if in_check(n) else "draw"
    return n


def play_moves(moves_str, hist=None):
    s = initial()
    toks = moves_str.split() if moves_str else []
    for i, tok in enumerate(toks):
        lm = legal_actions(s)
        if tok not in lm:
            sys.stderr.write("illegal or malformed action %r at index %d\n" % (tok, i))
            sys.exit(2)
        s = apply_move(s, lm[tok])
    return s


def perft(s, d):
    if d == 0:
        return 1
    lm = legal_actions(s)
    if d == 1:
        return len(lm)
    return sum(perft(apply_move(s, m), d - 1) for m in lm.values())


def show(s):
    b = s.board

    def pc(n):
        p = b[IDX[n]]
        return p if p else "."

    lines = []
    lines.append("10      %s   %s       (bc10 cd10)" % (pc("bc10"), pc("cd10")))
    for r in range(9, 0, -1):
        row = "%2d  " % r
        for f in range(5):
            n = FILES[f] + str(r)
            row += " " + (pc(n) if n in IDX else " ") + " "
        lines.append(row)
    lines.append(" 0      %s   %s       (bc0 cd0)" % (pc("bc0"), pc("cd0")))
    lines.append("     a  b  c  d  e")
    lines.append("to move: %s%s" % (SIDE_NAME[s.side], "  (in check)" if in_check(s) else ""))
    lines.append("unmoved woozans: " + " ".join(sorted(NAMES[c] for c in s.unmoved if b[c] and b[c].upper() == "W")))
    lines.append("plies without capture: %d" % s.halfmove)
    lines.append("result: %s" % (s.result or "ongoing"))
    return "\n".join(lines)


def vec_line(s, hist):
    lm = legal_actions(s)
    return "\t".join([" ".join(hist), str(len(lm)), str(perft(s, 2)),
                      " ".join(sorted(lm)), s.result or "ongoing"])


def vectors(ngames, seed, out):
    """Random games; positions where an automatic draw (threefold repetition,
    100 plies without capture) could apply are never written."""
    rng = random.Random(seed)
    picks = (10, 25, 40, 60, 90)
    lines = []
    for g in range(ngames):
        s = initial()
        hist = []
        seen = {s.key(): 1}
        cap_pref = rng.choice((0.3, 0.6, 0.9))
        auto_draw = False
        while s.result is None and len(hist) < 200:
            if len(hist) in picks:
                lines.append(vec_line(s, hist))
            lm = legal_actions(s)
            keys = sorted(lm)
            caps = [k for k in keys if s.board[lm[k][1]] is not None]
            if caps and rng.random() < cap_pref:
                k = rng.choice(caps)
            else:
                k = rng.choice(keys)
            n = apply_move(s, lm[k])
            cnt = seen.get(n.key(), 0) + 1
            if cnt >= 3 or n.halfmove >= 100:
                auto_draw = True
                break
            seen[n.key()] = cnt
            s = n
            hist.append(k)
        if s.result is not None:
            lines.append(vec_line(s, hist))
        sys.stderr.write("game %d: %d plies, result %s%s\n" % (
            g, len(hist), s.result or "ongoing", " (stopped before automatic draw)" if auto_draw else ""))
    with open(out, "w") as fh:
        for ln in lines:
            fh.write(ln + "\n")


def get_opt(args, flag):
    if flag in args:
        i = args.index(flag)
        v = args[i + 1]
        del args[i:i + 2]
        return v
    return None


def main(argv):
    if not argv:
        print(__doc__)
        return 1
    cmd = argv[0]
    args = argv[1:]
    mv = get_opt(args, "--moves")
    if cmd == "moves":
        s = play_moves(mv)
        for k in sorted(legal_actions(s)):
            print(k)
    elif cmd == "perft":
        divide = "--divide" in args
        args = [a for a in args if a != "--divide"]
        dstr = get_opt(args, "--depth")
        d = int(dstr if dstr is not None else args[0])
        s = play_moves(mv)
        t0 = time.time()
        if divide:
            lm = legal_actions(s)
            tot = 0
            for k in sorted(lm):
                c = perft(apply_move(s, lm[k]), d - 1)
                tot += c
                print(k, c)
            print(tot)
        else:
            print(perft(s, d))
        sys.stderr.write("%.2fs\n" % (time.time() - t0))
    elif cmd == "vectors":
        vectors(int(args[0]), int(args[1]), args[2])
    elif cmd == "show":
        print(show(play_moves(mv)))
    else:
        print(__doc__)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
