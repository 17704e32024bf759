#!/usr/bin/env python3
"""Independent reference implementation of Taktyka, written from the project's rulings
(stated in the description of games/taktyka.toml) without reading the engine's code.

Standard library only.  CLI:
  taktyka.py moves [--moves "..."]
  taktyka.py perft DEPTH [--moves "..."] [--divide]
  taktyka.py vectors N SEED OUT.txt
  taktyka.py show [--moves "..."]
"""
import random
import sys

N = 10
FILES = "abcdefghij"


def cname(f, r):
    return "%s%d" % (FILES[f - 1], r)


def parse_cell(s):
    if len(s) < 2 or s[0] not in FILES:
        return None
    try:
        r = int(s[1:])
    except ValueError:
        return None
    if not 1 <= r <= N or str(r) != s[1:]:
        return None
    return (FILES.index(s[0]) + 1, r)


OTHER = {"W": "B", "B": "W"}
FAR = {"W": 10, "B": 1}      # the opponent's back rank
BACK = {"W": 1, "B": 10}     # own back rank
NAME = {"W": "white", "B": "black"}
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))


def inb(f, r):
    return 1 <= f <= N and 1 <= r <= N


class State:
    # board: dict (f, r) -> [colour, is_leader, check_count]
    __slots__ = ("board", "phase", "to_move", "idle", "rolloff", "pending",
                 "result")

    def __init__(self):
        self.board = {}
        for r in range(1, N + 1):
            for f in range(1, N + 1):
                dark = (f + r) % 2 == 0
                if r <= 4 and not dark:
                    self.board[(f, r)] = ["W", False, 0]
                elif r >= 7 and dark:
                    self.board[(f, r)] = ["B", False, 0]
        # phases: wleader, bleader, rolloff (chance), first, play, die (chance)
        self.phase = "wleader"
        self.to_move = None
        self.idle = {"W": 0, "B": 0}
        self.rolloff = None
        self.pending = None   # for die: (side, charger_cell, removed, before_set, leader_moved)
        self.result = None

    def copy(self):
        s = State.__new__(State)
        s.board = {k: list(v) for k, v in self.board.items()}
        s.phase = self.phase
        s.to_move = self.to_move
        s.idle = dict(self.idle)
        s.rolloff = self.rolloff
        s.pending = self.pending
        s.result = self.result
        return s

    # ------------------------------------------------------------ geometry
    def leader_cell(self, side):
        for k, v in self.board.items():
            if v[0] == side and v[1]:
                return k
        return None

    def gives_charge_check(self, cell, stone):
        """Does the non-leader `stone` on `cell` give charge check to the enemy leader?"""
        col, is_leader, _ = stone
        if is_leader or cell[1] != FAR[col]:
            return False
        f = cell[0]
        target = (f, BACK[col])
        if target in self.board:
            return False
        el = self.leader_cell(OTHER[col])
        if el is None or el[0] != f:
            return False
        lo, hi = sorted((cell[1], target[1]))
        return lo < el[1] < hi

    def attacked(self, side, lc=None):
        """Is `side`'s leader attacked?"""
        if lc is None:
            lc = self.leader_cell(side)
        if lc is None:
            return False
        en = OTHER[side]
        f, r = lc
        for df, dr in ORTH:
            s = self.board.get((f + df, r + dr))
            if s and s[0] == en and not s[1] and s[2] < 3:
                return True
        # charge check: enemy stone on rank FAR[en] in file f, empty target BACK[en]
        src = (f, FAR[en])
        tgt = (f, BACK[en])
        s = self.board.get(src)
        if s and s[0] == en and not s[1] and tgt not in self.board:
            lo, hi = sorted((src[1], tgt[1]))
            if lo < r < hi:
                return True
        return False

    def checkers(self, side):
        return {k for k, v in self.board.items()
                if v[0] == side and self.gives_charge_check(k, v)}

    # ------------------------------------------------------------ moves
    def pseudo_moves(self, side):
        """yield (name, kind, frm, to, is_leader_move)"""
        b = self.board
        lc = self.leader_cell(side)
        lead_att = self.attacked(side, lc)
        for (f, r), st in list(b.items()):
            if st[0] != side:
                continue
            leader = st[1]
            frozen = (not leader) and st[2] >= 3
            if not frozen:
                # diagonal step with barrier
                for df, dr in DIAG:
                    t = (f + df, r + dr)
                    if not inb(*t) or t in b:
                        continue
                    if (f + df, r) in b and (f, r + dr) in b:
                        continue
                    yield (cname(f, r) + "-" + cname(*t), "step", (f, r), t, leader)
                if not leader:
                    for df, dr in ORTH:
                        t = (f + df, r + dr)
                        s = b.get(t)
                        if s and s[0] != side and not s[1]:
                            yield (cname(f, r) + "-" + cname(*t), "cap", (f, r), t, False)
                elif lead_att:
                    for df, dr in ORTH:
                        t = (f + df, r + dr)
                        if inb(*t) and t not in b:
                            yield (cname(f, r) + "-" + cname(*t), "step", (f, r), t, True)
            if not leader and r == FAR[side]:
                if not frozen:
                    for df in (-1, 1):
                        t = (f + df, r)
                        if inb(*t) and t not in b:
                            yield (cname(f, r) + "-" + cname(*t), "step", (f, r), t, False)
                t = (f, BACK[side])
                if t not in b:
                    lo, hi = sorted((r, t[1]))
                    between = [(f, x) for x in range(lo + 1, hi)]
                    # own leader: forbidden by the rules; enemy leader: never reachable
                    # in play (it would be in charge check), excluded for safety
                    if not any((c in b and b[c][1]) for c in between):
                        yield (cname(f, r) + "-" + cname(*t), "charge", (f, r), t, False)

    def legal_moves(self, side):
        """dict name -> move tuple, with leader safety and the idle rule."""
        out = {}
        for mv in self.pseudo_moves(side):
            name, kind, frm, to, lm = mv
            c = self.copy()
            c._apply_raw(kind, frm, to)
            if c.attacked(side):
                continue
            out[name] = mv
        if self.idle[side] >= 5:
            lead = {k: v for k, v in out.items() if v[4]}
            if lead:
                return lead
        return out

    def _apply_raw(self, kind, frm, to):
        b = self.board
        st = b.pop(frm)
        removed = 0
        if kind == "charge":
            f = frm[0]
            lo, hi = sorted((frm[1], to[1]))
            for x in range(lo + 1, hi):
                if (f, x) in b:
                    del b[(f, x)]
                    removed += 1
            st[2] = 0
        elif kind == "cap":
            del b[to]
        b[to] = st
        return removed

    # ------------------------------------------------------------ actions
    def actions(self):
        if self.result is not None:
            return {}
        if self.phase == "wleader":
            return {"leader:" + cname(*k): ("leader", k)
                    for k, v in self.board.items() if v[0] == "W"}
        if self.phase == "bleader":
            return {"leader:" + cname(*k): ("leader", k)
                    for k, v in self.board.items() if v[0] == "B"}
        if self.phase == "rolloff":
            return {"rolloff:white": ("rolloff", "W"), "rolloff:black": ("rolloff", "B")}
        if self.phase == "first":
            return {"first:white": ("first", "W"), "first:black": ("first", "B")}
        if self.phase == "die":
            return {"roll:stay": ("roll", False), "roll:lost": ("roll", True)}
        return {k: ("move",) + v[1:] for k, v in self.legal_moves(self.to_move).items()}

    def play(self, act):
        kind = act[0]
        if kind == "leader":
            self.board[act[1]][1] = True
            self.phase = "bleader" if self.phase == "wleader" else "rolloff"
            return
        if kind == "rolloff":
            self.rolloff = act[1]
            self.phase = "first"
            return
        if kind == "first":
            self.to_move = act[1]
            self.phase = "play"
            self._start_turn_check()
            return
        if kind == "roll":
            side, cell, removed, before, lm = self.pending
            self.pending = None
            self.phase = "play"
            if act[1]:
                del self.board[cell]
            self._end_turn(side, before, lm)
            return
        _, mk, frm, to, lm = act
        side = self.to_move
        before = self.checkers(side)
        # identity of a stone that gave check before: follow the moving stone
        if frm in before:
            before = (before - {frm}) | {to}
        removed = self._apply_raw(mk, frm, to)
        if mk == "charge" and removed > 0:
            if removed >= 8:
                del self.board[to]       # d8 <= removed always: charger lost, no node
            else:
                self.phase = "die"
                self.pending = (side, to, removed, before, lm)
                return
        self._end_turn(side, before, lm)

    def _end_turn(self, side, before, leader_moved):
        for k, v in self.board.items():
            if v[0] == side and k not in before and self.gives_charge_check(k, v):
                v[2] += 1
        self.idle[side] = 0 if leader_moved else self.idle[side] + 1
        # end: bare leader
        bare = {s: not any(v[0] == s and not v[1] for v in self.board.values())
                for s in ("W", "B")}
        if bare["W"] and bare["B"]:
            self.result = "draw"
            return
        if bare["W"]:
            self.result = "black"
            return
        if bare["B"]:
            self.result = "white"
            return
        self.to_move = OTHER[side]
        self._start_turn_check()

    def _start_turn_check(self):
        if not self.legal_moves(self.to_move):
            self.result = NAME[OTHER[self.to_move]]


# ---------------------------------------------------------------- driver
def replay(moves, start=None):
    st = start.copy() if start else State()
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
    lines = []
    for r in range(N, 0, -1):
        row = []
        for f in range(1, N + 1):
            s = st.board.get((f, r))
            if not s:
                row.append(" ." if (f + r) % 2 else " :")
            else:
                ch = "w" if s[0] == "W" else "b"
                if s[1]:
                    ch = ch.upper()
                row.append(ch + (str(s[2]) if s[2] else " "))
        lines.append("%2d %s" % (r, " ".join(row)))
    lines.append("   " + " ".join(" " + c for c in FILES))
    out = "\n".join(lines) + "\n(w/b stone, W/B leader, digit = charge-check count)\n"
    if st.result:
        out += "result: %s\n" % st.result
    else:
        out += "phase: %s; to move: %s; idle W=%d B=%d\n" % (
            st.phase, st.to_move, st.idle["W"], st.idle["B"])
    return out


STANDARD = ["leader:e2", "leader:e9", "rolloff:white", "first:white"]


def pick(rng, st, names):
    """Biased random choice: charges, checks and captures are preferred so that
    games reach the charge / die / charge-check-count / leader rules."""
    if st.phase != "play":
        return rng.choice(names)
    acts = st.actions()
    side = st.to_move
    charges, caps, checks, fwd, ccheck = [], [], [], [], []
    for n in names:
        a = acts[n]
        if a[1] == "charge":
            charges.append(n)
            continue
        if a[1] == "cap":
            caps.append(n)
        c = st.copy()
        c._apply_raw(a[1], a[2], a[3])
        if c.attacked(OTHER[side]):
            checks.append(n)
            if c.checkers(side):
                ccheck.append(n)
        if a[1] == "step" and (a[3][1] - a[2][1]) * (1 if side == "W" else -1) > 0:
            fwd.append(n)
    for group, p in ((ccheck, 0.9), (charges, 0.5), (checks, 0.5), (caps, 0.6), (fwd, 0.5)):
        if group and rng.random() < p:
            return rng.choice(group)
    return rng.choice(names)


def random_game_positions(rng, standard, targets=(10, 25, 40, 60, 90, 130), maxlen=220):
    st = State()
    moves = []
    if standard:
        st = replay(STANDARD)
        moves = list(STANDARD)
    picks = []
    special = set()
    while st.result is None and len(moves) < maxlen:
        if len(moves) in targets:
            picks.append(list(moves))
        # also keep the first die node, first check and first high-count position
        tags = []
        if st.phase == "die":
            tags.append("die")
        if st.phase == "play":
            if st.attacked(st.to_move):
                tags.append("check")
            if any(a[1] == "charge" for a in st.actions().values()):
                tags.append("charge")
            if st.idle[st.to_move] >= 5:
                tags.append("idle")
            mc = max(v[2] for v in st.board.values())
            if mc >= 3:
                tags.append("count3")
            elif mc >= 1:
                tags.append("count")
        for t in tags:
            if t not in special and len(moves) not in targets:
                special.add(t)
                picks.append(list(moves))
                break
        acts = st.actions()
        names = sorted(acts)
        m = pick(rng, st, names)
        moves.append(m)
        st.play(acts[m])
    picks.append(list(moves))
    return picks


def vectors(n, seed, out):
    rng = random.Random(seed)
    lines = []
    for g in range(n):
        for mv in random_game_positions(rng, standard=(g % 2 == 0)):
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
            moves = argv[i + 1].split()
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
