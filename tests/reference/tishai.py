#!/usr/bin/env python3
"""Independent reference implementation of Tishai, written from the project's rulings
(stated in the description of games/tishai.toml) without reading the engine's code.

Standard library only.  CLI:
  tishai.py moves [--moves "A1 A2 ..."]
  tishai.py perft DEPTH [--moves "..."] [--divide]
  tishai.py vectors N SEED OUT.txt
  tishai.py show [--moves "..."]
"""
import random
import sys
import time

FILES = "abcdefg"
N = 7
WHITE, BLACK = 0, 1
SIDE_NAME = ("white", "black")


def cell(f, r):
    return r * N + f


def name(c):
    return FILES[c % N] + str(c // N + 1)


def parse_cell(s):
    if len(s) != 2 or s[0] not in FILES or s[1] not in "1234567":
        raise ValueError(s)
    return cell(FILES.index(s[0]), int(s[1]) - 1)


def on(f, r):
    return 0 <= f < N and 0 <= r < N


DIRS8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
DIRS4 = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def color_of(p):
    return WHITE if p.isupper() else BLACK


def build_lpaths():
    """For each cell: list of (target, (path cell 1, path cell 2)) for every
    L path (long leg first and short leg first)."""
    res = []
    for c in range(N * N):
        f, r = c % N, c // N
        lst = []
        for (ux, uy) in DIRS4:          # long axis unit
            for (vx, vy) in DIRS4:      # short axis unit, perpendicular
                if ux * vx + uy * vy != 0 or (ux == -vx and uy == -vy) or (ux == vx and uy == vy):
                    continue
                tf, tr = f + 2 * ux + vx, r + 2 * uy + vy
                if not on(tf, tr):
                    continue
                t = cell(tf, tr)
                # long leg first: X+u, X+2u
                lst.append((t, (cell(f + ux, r + uy), cell(f + 2 * ux, r + 2 * uy))))
                # short leg first: X+v, X+v+u
                lst.append((t, (cell(f + vx, r + vy), cell(f + vx + ux, r + vy + uy))))
        res.append(lst)
    return res


LPATHS = build_lpaths()


class State:
    __slots__ = ("board", "side", "reserve", "captured", "tower_moved",
                 "unmoved_knights", "result", "ply")

    def copy(self):
        s = State()
        s.board = self.board[:]
        s.side = self.side
        s.reserve = self.reserve[:]
        s.captured = self.captured[:]
        s.tower_moved = self.tower_moved[:]
        s.unmoved_knights = set(self.unmoved_knights)
        s.result = self.result
        s.ply = self.ply
        return s


def initial():
    s = State()
    b = [None] * (N * N)
    back = "RNBKBNR"
    for f in range(N):
        b[cell(f, 0)] = back[f]
        b[cell(f, 6)] = back[f].lower()
    for f in range(1, 6):
        b[cell(f, 1)] = "P"
        b[cell(f, 5)] = "p"
    s.board = b
    s.side = WHITE
    s.reserve = [3, 3]
    s.captured = [0, 0]
    s.tower_moved = [False, False]
    s.unmoved_knights = {cell(1, 0), cell(5, 0), cell(1, 6), cell(5, 6)}
    s.result = None
    s.ply = 0
    return s


def pseudo_moves(s, side=None):
    """Set of (from, to) pairs for `side` (default: side to move).
    Ignores whether the game is over."""
    if side is None:
        side = s.side
    b = s.board
    out = set()
    for frm in range(N * N):
        p = b[frm]
        if p is None or color_of(p) != side:
            continue
        t = p.upper()
        f, r = frm % N, frm // N

        def empty(c):
            return c == frm or b[c] is None

        def enemy(c):
            q = b[c]
            return q is not None and c != frm and color_of(q) != side

        if t == "P":
            dr = 1 if side == WHITE else -1
            for df in (-1, 0, 1):
                nf, nr = f + df, r + dr
                if on(nf, nr):
                    c = cell(nf, nr)
                    if b[c] is None or enemy(c):
                        out.add((frm, c))
        elif t == "K" or t == "R":
            dirs = DIRS8 if t == "K" else DIRS4
            for (dx, dy) in dirs:
                nf, nr = f, r
                for _ in range(3):
                    nf += dx
                    nr += dy
                    if not on(nf, nr):
                        break
                    c = cell(nf, nr)
                    if b[c] is None:
                        out.add((frm, c))
                        continue
                    if enemy(c):
                        if not (t == "R" and b[c].upper() == "B" and not s.tower_moved[side]):
                            out.add((frm, c))
                    break
        elif t == "N":
            # single steps
            for (dx, dy) in DIRS8:
                nf, nr = f + dx, r + dy
                if on(nf, nr):
                    c = cell(nf, nr)
                    if b[c] is None or enemy(c):
                        out.add((frm, c))
            # jumps (and double jumps on the first move)
            first = frm in s.unmoved_knights

            def jumps(sf, sr):
                res = []
                for (dx, dy) in DIRS8:
                    mf, mr = sf + dx, sr + dy
                    tf, tr = sf + 2 * dx, sr + 2 * dy
                    if not on(tf, tr):
                        continue
                    if empty(cell(mf, mr)):
                        continue  # cannot jump over an empty cell
                    res.append(cell(tf, tr))
                return res

            for c in jumps(f, r):
                if b[c] is None or enemy(c):
                    out.add((frm, c))
                if first and b[c] is None:
                    for c2 in jumps(c % N, c // N):
                        if c2 == frm:
                            continue  # ends where it started: no move
                        if b[c2] is None or enemy(c2):
                            out.add((frm, c2))
        elif t == "B":
            steps = max(1, s.captured[side])
            frontier = [frm]
            seen = {frm}
            for _ in range(steps):
                nxt = []
                for x in frontier:
                    for (tgt, (p1, p2)) in LPATHS[x]:
                        if tgt in seen:
                            continue
                        if not (empty(p1) and empty(p2)):
                            continue
                        if empty(tgt):
                            seen.add(tgt)
                            nxt.append(tgt)
                            if tgt != frm:
                                out.add((frm, tgt))
                        elif enemy(tgt):
                            seen.add(tgt)
                            out.add((frm, tgt))
                frontier = nxt
                if not frontier:
                    break
    return out


def legal_moves(s):
    """dict notation -> (from, to); empty if the game is over."""
    if s.result is not None:
        return {}
    return {name(a) + "-" + name(b): (a, b) for (a, b) in pseudo_moves(s)}


def towers(b, side):
    t = "R" if side == WHITE else "r"
    return [c for c in range(N * N) if b[c] == t]


def apply_move(s, mv, check_end=True):
    frm, to = mv
    n = s.copy()
    b = n.board
    side = s.side
    p = b[frm]
    target = b[to]
    b[to] = p
    b[frm] = None
    pawn = "P" if side == WHITE else "p"
    if target is not None:
        tt = target.upper()
        if tt == "P":
            n.captured[side] += 1
        elif tt == "B":
            if n.reserve[side] > 0:
                n.reserve[side] -= 1
                b[frm] = pawn
    if p.upper() == "R" and not n.tower_moved[side]:
        n.tower_moved[side] = True
        if n.reserve[side] > 0 and b[frm] is None:
            n.reserve[side] -= 1
            b[frm] = pawn
    n.unmoved_knights.discard(frm)
    n.unmoved_knights.discard(to)
    n.side = 1 - side
    n.ply = s.ply + 1
    if not check_end:
        return n
    if target is not None and target.upper() == "R" and not towers(b, 1 - side):
        # second Tower captured
        if side == WHITE:
            mine = towers(b, WHITE)
            if len(mine) == 1:
                tc = mine[0]
                if any(t == tc for (_, t) in pseudo_moves(n, BLACK)):
                    n.result = "draw"
                    return n
        n.result = SIDE_NAME[side]
        return n
    if not pseudo_moves(n):
        n.result = "draw"
    return n


def play_moves(moves_str):
    s = initial()
    hist = []
    toks = moves_str.split() if moves_str else []
    for i, tok in enumerate(toks):
        lm = legal_moves(s)
        if tok not in lm:
            sys.stderr.write("illegal or malformed action %r at index %d\n" % (tok, i))
            sys.exit(2)
        s = apply_move(s, lm[tok])
        hist.append(tok)
    return s


def perft(s, d):
    if d == 0:
        return 1
    lm = legal_moves(s)
    if d == 1:
        return len(lm)
    return sum(perft(apply_move(s, m), d - 1) for m in lm.values())


def show(s):
    lines = []
    for r in range(N - 1, -1, -1):
        row = str(r + 1) + " "
        for f in range(N):
            p = s.board[cell(f, r)]
            row += " " + (p if p else ".")
        lines.append(row)
    lines.append("   " + " ".join(FILES))
    lines.append("to move: %s" % SIDE_NAME[s.side])
    lines.append("reserve W=%d B=%d  captured pawns W=%d B=%d  towers moved W=%s B=%s"
                 % (s.reserve[0], s.reserve[1], s.captured[0], s.captured[1],
                    s.tower_moved[0], s.tower_moved[1]))
    lines.append("unmoved knights: " + " ".join(sorted(name(c) for c in s.unmoved_knights)))
    lines.append("result: %s" % (s.result or "ongoing"))
    return "\n".join(lines)


def vectors(ngames, seed, out):
    rng = random.Random(seed)
    picks = (10, 25, 40, 60, 90)
    lines = []
    for g in range(ngames):
        s = initial()
        hist = []
        cap_pref = rng.choice((0.3, 0.6, 0.9))
        while s.result is None and len(hist) < 300:
            if len(hist) in picks:
                lines.append(vec_line(s, hist))
            lm = legal_moves(s)
            keys = sorted(lm)
            caps = [k for k in keys if s.board[lm[k][1]] is not None]
            if caps and rng.random() < cap_pref:
                k = rng.choice(caps)
            else:
                k = rng.choice(keys)
            s = apply_move(s, lm[k])
            hist.append(k)
        if s.result is not None:
            lines.append(vec_line(s, hist))
        sys.stderr.write("game %d: %d plies, result %s\n" % (g, len(hist), s.result or "ongoing"))
    with open(out, "w") as fh:
        for ln in lines:
            fh.write(ln + "\n")


def vec_line(s, hist):
    lm = legal_moves(s)
    p1 = len(lm)
    p2 = perft(s, 2)
    return "\t".join([" ".join(hist), str(p1), str(p2), " ".join(sorted(lm)),
                      s.result or "ongoing"])


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
        for k in sorted(legal_moves(s)):
            print(k)
    elif cmd == "perft":
        divide = "--divide" in args
        args = [a for a in args if a != "--divide"]
        dstr = get_opt(args, "--depth")
        d = int(dstr if dstr is not None else args[0])
        s = play_moves(mv)
        t0 = time.time()
        if divide:
            lm = legal_moves(s)
            tot = 0
            for k in sorted(lm):
                c = perft(apply_move(s, lm[k]), d - 1) if d > 0 else 1
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
