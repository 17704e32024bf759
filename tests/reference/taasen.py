#!/usr/bin/env python3
"""Independent reference implementation of Taasen, written from the project's rulings
(stated in the description of games/taasen.toml) without reading the engine's code.

Standard library only.  CLI:
  taasen.py moves [--moves "..."]
  taasen.py perft DEPTH [--moves "..."] [--divide]
  taasen.py vectors N SEED OUT.txt
  taasen.py show [--moves "..."]
"""
import random
import sys

# ---------------------------------------------------------------- board
CELLS = ["A1", "B1", "B2", "B3", "C1", "C2", "C3", "C4", "C5",
         "D1", "D2", "D3", "D4", "D5", "D6", "D7"]
EDGES = [("A1", "B2"), ("B1", "B2"), ("B2", "B3"), ("B1", "C2"), ("B3", "C4"),
         ("C1", "C2"), ("C2", "C3"), ("C3", "C4"), ("C4", "C5"),
         ("C1", "D2"), ("C3", "D4"), ("C5", "D6"),
         ("D1", "D2"), ("D2", "D3"), ("D3", "D4"), ("D4", "D5"),
         ("D5", "D6"), ("D6", "D7")]
ADJ = {c: [] for c in CELLS}
for a, b in EDGES:
    ADJ[a].append(b)
    ADJ[b].append(a)
SEA = "C3"
FOREST = ("C2", "C4", "D4")
CORNERS = ("A1", "D1", "D7")
# adjacency used for movement and pushes: the Sea is never a stopping cell and
# "across the Sea does not count" for pushes.
NB = {c: [n for n in ADJ[c] if n != SEA] for c in CELLS}

BEATS = {"T": "S", "S": "P", "P": "T"}  # Thaum>Sciane>Paupil>Thaum
OPP = {"R": "G", "G": "R"}
RESULT_NAME = {"R": "white", "G": "black"}


class State:
    __slots__ = ("board", "to_move", "last_white", "last_pushed",
                 "pending", "result", "nmoves")

    def __init__(self):
        self.board = {c: [] for c in CELLS}
        self.board["D1"] = ["RT", "RS", "RP"]
        self.board["D7"] = ["GT", "GS", "GP"]
        self.board["A1"] = ["WT", "WS", "WP"]
        self.to_move = "R"          # player making the current decision's turn
        self.last_white = None      # White piece picked+moved by previous turn's mover
        self.last_pushed = None     # (piece, cell it was pushed from) on previous turn
        # pending escape: (mover, picked_piece, pushed_piece, cell, forbidden)
        self.pending = None
        self.result = None
        self.nmoves = 0

    def copy(self):
        s = State.__new__(State)
        s.board = {c: list(v) for c, v in self.board.items()}
        s.to_move = self.to_move
        s.last_white = self.last_white
        s.last_pushed = self.last_pushed
        s.pending = self.pending
        s.result = self.result
        s.nmoves = self.nmoves
        return s

    # ------------------------------------------------------------ helpers
    def empty(self, c):
        return not self.board[c]

    def destinations(self, cell):
        """Cells a single piece standing on `cell` could move to (step 2)."""
        out = [n for n in NB[cell] if not self.board[n]]
        if cell in FOREST:
            out += [f for f in FOREST if f != cell and not self.board[f]]
        return out

    def decider(self):
        """Player who takes the decision at this node."""
        if self.pending:
            return OPP[self.pending[0]]
        return self.to_move

    # ------------------------------------------------------------ actions
    def actions(self):
        """dict notation -> action tuple"""
        if self.result is not None:
            return {}
        acts = {}
        if self.pending:
            mover, picked, piece, cell, forbidden = self.pending
            for d in self.destinations(cell):
                if d == forbidden:
                    continue
                acts["%s-%s" % (cell, d)] = ("esc", cell, d)
            return acts
        p = self.to_move
        for cell in CELLS:
            stack = self.board[cell]
            for piece in stack:
                fac, typ = piece[0], piece[1]
                if fac != p and fac != "W":
                    continue
                if piece == self.last_white:
                    continue
                prefix = (typ + ":") if len(stack) > 1 else ""
                for d in self.destinations(cell):
                    if (self.last_pushed is not None and self.last_pushed[0] == piece
                            and self.last_pushed[1] == d):
                        continue
                    base = "%s%s-%s" % (prefix, cell, d)
                    targets = self.push_targets(piece, cell, d)
                    if targets:
                        for t in targets:
                            acts["%s>%s" % (base, t)] = ("mv", piece, cell, d, t)
                    else:
                        acts[base] = ("mv", piece, cell, d, None)
        return acts

    def push_targets(self, piece, frm, to):
        p = self.to_move
        beaten = BEATS[piece[1]]
        out = []
        for n in NB[to]:
            st = self.board[n]
            if n == frm:
                # origin: after the move it holds what remains of a stack, if anything
                st = [x for x in st if x != piece]
            if len(st) != 1:
                continue          # empty, or a stack of 2+ (unpushable)
            q = st[0]
            if q[1] != beaten:
                continue
            if q[0] == p:
                continue          # never one's own faction
            out.append(n)
        return out

    def play(self, act):
        """Apply an action tuple in place."""
        if act[0] == "esc":
            _, cell, d = act
            mover, picked, piece, _c, _f = self.pending
            self.board[cell].remove(piece)
            self.board[d].append(piece)
            self.pending = None
            self._end_turn(mover, picked, (piece, cell))
            return
        _, piece, frm, to, target = act
        mover = self.to_move
        self.board[frm].remove(piece)
        self.board[to].append(piece)
        if target is None:
            self._end_turn(mover, piece, None)
            return
        q = self.board[target][0]
        forbidden = None
        if self.last_pushed is not None and self.last_pushed[0] == q:
            forbidden = self.last_pushed[1]
        escapes = [d for d in self.destinations(target) if d != forbidden]
        if not escapes:
            self.board[target].remove(q)      # crushed, no decision
            self._end_turn(mover, piece, None)
            return
        self.pending = (mover, piece, q, target, forbidden)

    def _end_turn(self, mover, picked, pushed):
        self.last_white = picked if picked[0] == "W" else None
        self.last_pushed = pushed
        self.to_move = OPP[mover]
        self.nmoves += 1
        self._check_end()

    def count(self, fac):
        return sum(1 for c in CELLS for x in self.board[c] if x[0] == fac)

    def _check_end(self):
        # 1. a player whose own faction has no pieces left loses
        r, g = self.count("R"), self.count("G")
        if r == 0 and g == 0:
            self.result = "draw"   # cannot happen (one crush per turn)
            return
        if r == 0:
            self.result = "black"
            return
        if g == 0:
            self.result = "white"
            return
        # 2. no attack possible
        pieces = [x for c in CELLS for x in self.board[c]]
        attack = False
        for a in pieces:
            for b in pieces:
                if a is b or BEATS[a[1]] != b[1]:
                    continue
                # some player can move a while b is not that player's faction
                for pl in ("R", "G"):
                    if (a[0] == pl or a[0] == "W") and b[0] != pl:
                        attack = True
                        break
                if attack:
                    break
            if attack:
                break
        if not attack:
            self.result = "white" if r > g else ("black" if g > r else "draw")
            return
        # 3. the player to move has no legal move
        if not self.actions():
            self.result = "black" if self.to_move == "R" else "white"


# ---------------------------------------------------------------- driver
def parse_moves(s):
    return s.split() if s else []


def replay(moves):
    st = State()
    for i, m in enumerate(moves):
        acts = st.actions()
        if m not in acts:
            sys.stderr.write("illegal or malformed action %r at index %d\n" % (m, i))
            sys.exit(2)
        st.play(acts[m])
    return st


def perft(st, d):
    if d == 0:
        return 1
    acts = st.actions()
    if d == 1:
        return len(acts)
    n = 0
    for a in acts.values():
        c = st.copy()
        c.play(a)
        n += perft(c, d - 1)
    return n


def result_str(st):
    return st.result if st.result is not None else "ongoing"


def show(st):
    rows = {"A": 1, "B": 3, "C": 5, "D": 7}
    lines = []
    for r in "ABCD":
        parts = []
        for i in range(1, rows[r] + 1):
            c = "%s%d" % (r, i)
            v = "".join(self_piece for self_piece in st.board[c]) or ("~~" if c == SEA else "..")
            parts.append("%s:%s" % (c, v))
        pad = " " * (3 * (7 - rows[r]))
        lines.append(pad + "  ".join(parts))
    out = "\n".join(lines)
    out += "\n(R=Red/white, G=Green/black, W=neutral White; T Thaum S Sciane P Paupil)\n"
    if st.result:
        out += "result: %s\n" % st.result
    else:
        who = {"R": "Red", "G": "Green"}[st.decider()]
        if st.pending:
            out += "%s to choose the escape of %s on %s\n" % (who, st.pending[2], st.pending[3])
        else:
            out += "%s to move\n" % who
        out += "last White moved: %s; last pushed: %s\n" % (st.last_white, st.last_pushed)
    return out


def random_game_positions(rng, targets=(10, 25, 40, 60, 90, 120), maxlen=200):
    st = State()
    moves = []
    picks = []
    while st.result is None and len(moves) < maxlen:
        if len(moves) in targets:
            picks.append(list(moves))
        acts = st.actions()
        names = sorted(acts)
        # bias towards pushes (and hence crushes) so that games get interesting
        pushes = [n for n in names if ">" in n]
        if pushes and rng.random() < 0.7:
            m = rng.choice(pushes)
        else:
            m = rng.choice(names)
        moves.append(m)
        st.play(acts[m])
    picks.append(list(moves))   # final position (often terminal)
    return picks


def vectors(n, seed, out):
    rng = random.Random(seed)
    lines = []
    for g in range(n):
        for mv in random_game_positions(rng):
            st = replay(mv)
            acts = sorted(st.actions())
            lines.append("%s\t%d\t%d\t%s\t%s" % (" ".join(mv), perft(st, 1), perft(st, 2),
                                                 " ".join(acts), result_str(st)))
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %d lines to %s" % (len(lines), out))


def main(argv):
    if not argv:
        print(__doc__)
        return 1
    cmd = argv[0]
    moves = []
    divide = False
    rest = []
    i = 1
    while i < len(argv):
        if argv[i] == "--moves":
            moves = parse_moves(argv[i + 1])
            i += 2
        elif argv[i] == "--divide":
            divide = True
            i += 1
        else:
            rest.append(argv[i])
            i += 1
    if cmd == "moves":
        st = replay(moves)
        for a in sorted(st.actions()):
            print(a)
    elif cmd == "perft":
        d = int(rest[0])
        st = replay(moves)
        if divide:
            acts = st.actions()
            tot = 0
            for name in sorted(acts):
                c = st.copy()
                c.play(acts[name])
                k = perft(c, d - 1)
                tot += k
                print("%s %d" % (name, k))
            print(tot)
        else:
            print(perft(st, d))
    elif cmd == "vectors":
        vectors(int(rest[0]), int(rest[1]), rest[2])
    elif cmd == "show":
        sys.stdout.write(show(replay(moves)))
    else:
        print(__doc__)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
