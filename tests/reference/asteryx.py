#!/usr/bin/env python3
"""Independent reference implementation of Asteryx Chess, written from the project's rulings
(stated in the description of games/asteryx.toml) without reading the engine's code.

Standard library only.  Commands:
  moves  [--single] [--moves "..."]
  perft  DEPTH [--single] [--moves "..."] [--divide]
  vectors N SEED OUT.txt [--single]
  show   [--moves "..."]
  line   OUT.txt [--single] [--moves "..."]   (append one vector line)
  cells  [OUT.txt]
"""
import random
import sys

# ---------------------------------------------------------------- geometry
ORTHO = {  # axial (dq, dr); r grows downwards
    'E': (1, 0), 'W': (-1, 0), 'NE': (1, -1), 'NW': (0, -1),
    'SE': (0, 1), 'SW': (-1, 1),
}
# ring order (each consecutive pair is 60 degrees apart)
RING = ['E', 'NE', 'NW', 'W', 'SW', 'SE']
STARS_BLACK = [(2, -4), (4, -2), (-2, -2)]   # top three: Black's star points
STARS_WHITE = [(-2, 4), (-4, 2), (2, 2)]     # bottom three: White's

COORDS = [(q, r) for r in range(-3, 4) for q in range(-3, 4)
          if max(abs(q), abs(r), abs(q + r)) <= 3]
COORDS += STARS_BLACK + STARS_WHITE
# order cells by rank then by x = q + r/2
COORDS.sort(key=lambda c: (-c[1], 2 * c[0] + c[1]))
assert len(COORDS) == 43
INDEX = {c: i for i, c in enumerate(COORDS)}
NAME = [None] * 43
_ranks = {}
for (q, r) in COORDS:
    _ranks.setdefault(r, []).append((q, r))
for r, cells in _ranks.items():
    cells.sort(key=lambda c: 2 * c[0] + c[1])
    rank = 5 - r
    for k, c in enumerate(cells):
        NAME[INDEX[c]] = 'abcdefghijklmnop'[k] + str(rank)
assert [len(_ranks[r]) for r in range(4, -5, -1)] == [1, 4, 7, 6, 7, 6, 7, 4, 1]
CELL = {n: i for i, n in enumerate(NAME)}
COLOUR = [(q - r) % 3 for (q, r) in COORDS]


def add(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1])


def step(i, d):
    """cell index after one step d from cell i, or None if off-board."""
    return INDEX.get(add(COORDS[i], d))


NEIGH = [[j for j in (step(i, ORTHO[d]) for d in RING) if j is not None]
         for i in range(43)]
# rays for rooks: list per cell of lists of cells
ROOK_RAYS = []
for i in range(43):
    rays = []
    for d in RING:
        ray, c = [], COORDS[i]
        while True:
            c = add(c, ORTHO[d])
            if c not in INDEX:
                break
            ray.append(INDEX[c])
        if ray:
            rays.append(ray)
    ROOK_RAYS.append(rays)
# snakes for bishops: 6 diagonals x 2 starting steps; alternate the two steps
BISHOP_SNAKES = []
for i in range(43):
    snakes = []
    for k in range(6):
        a, b = ORTHO[RING[k]], ORTHO[RING[(k + 1) % 6]]
        for first, second in ((a, b), (b, a)):
            snake, c, n = [], COORDS[i], 0
            while True:
                c = add(c, first if n % 2 == 0 else second)
                n += 1
                if c not in INDEX:
                    break
                snake.append(INDEX[c])
            if snake:
                snakes.append(snake)
    BISHOP_SNAKES.append(snakes)
# knight: 2 steps in d then 1 step turned 60 deg, or 1 step then 2 turned
KNIGHT = []
for i in range(43):
    tg = set()
    for k in range(6):
        d = ORTHO[RING[k]]
        for t in (-1, 1):
            e = ORTHO[RING[(k + t) % 6]]
            for c in (add(add(COORDS[i], d, 2), e), add(add(COORDS[i], d), e, 2)):
                if c in INDEX:
                    tg.add(INDEX[c])
    KNIGHT.append(sorted(tg))
# sanity: knight targets are the 12 distance-3 cells not on a straight line
for i in range(43):
    q0, r0 = COORDS[i]
    exp = set()
    for j, (q, r) in enumerate(COORDS):
        dq, dr = q - q0, r - r0
        if max(abs(dq), abs(dr), abs(dq + dr)) == 3 and not (
                dq == 0 or dr == 0 or dq + dr == 0):
            exp.add(j)
    assert exp == set(KNIGHT[i]), (NAME[i])
    assert all(COLOUR[j] != COLOUR[i] for j in KNIGHT[i])
PAWN_DIRS = {0: (ORTHO['NE'], ORTHO['NW']), 1: (ORTHO['SE'], ORTHO['SW'])}
PROMO_CELLS = {0: {INDEX[c] for c in STARS_BLACK}, 1: {INDEX[c] for c in STARS_WHITE}}

WHITE, BLACK = 0, 1
SIDE_NAME = ('white', 'black')

SETUP_WHITE = {'a1': 'K', 'a2': 'N', 'd2': 'N', 'b2': 'R', 'c2': 'R',
               'a3': 'P', 'b3': 'P', 'f3': 'P', 'g3': 'P', 'c3': 'B', 'e3': 'B',
               'd3': 'Q', 'a4': 'P', 'b4': 'P', 'e4': 'P', 'f4': 'P'}


def mirror_name(n):
    return n[0] + str(10 - int(n[1:]))


# ---------------------------------------------------------------- state
class State:
    __slots__ = ('board', 'turn', 'result')

    def __init__(self):
        self.board = [None] * 43   # None or (side, letter)
        self.turn = WHITE
        self.result = None         # None (ongoing), 'white', 'black'
        for n, p in SETUP_WHITE.items():
            self.board[CELL[n]] = (WHITE, p)
            self.board[CELL[mirror_name(n)]] = (BLACK, p)

    def copy(self):
        s = State.__new__(State)
        s.board = self.board[:]
        s.turn = self.turn
        s.result = self.result
        return s


def piece_targets(board, i, side, letter):
    """set of destination cells (all empty) for the piece on i."""
    out = set()
    if letter == 'K':
        for j in NEIGH[i]:
            if board[j] is None:
                out.add(j)
    elif letter == 'N':
        for j in KNIGHT[i]:
            if board[j] is None:
                out.add(j)
    elif letter == 'P':
        for d1 in PAWN_DIRS[side]:
            j = step(i, d1)
            if j is None or board[j] is not None:
                continue
            out.add(j)
            for d2 in PAWN_DIRS[side]:
                k = step(j, d2)
                if k is not None and board[k] is None:
                    out.add(k)
    else:
        if letter in 'RQ':
            for ray in ROOK_RAYS[i]:
                for j in ray:
                    if board[j] is not None:
                        break
                    out.add(j)
        if letter in 'BQ':
            for sn in BISHOP_SNAKES[i]:
                for j in sn:
                    if board[j] is not None:
                        break
                    out.add(j)
    return out


def captures(board, frm, to, side):
    """sorted list of enemy cells captured by moving side's token frm->to.
    board is the position BEFORE the move."""
    b = board[:]
    b[to] = b[frm]
    b[frm] = None
    col = COLOUR[to]
    victims = []
    for e in NEIGH[to]:
        t = b[e]
        if t is None or t[0] == side:
            continue
        cls = [c for c in NEIGH[e] if COLOUR[c] == col]
        if cls == [to]:
            victims.append(e)
        else:
            own = sum(1 for c in cls if b[c] is not None and b[c][0] == side)
            if own >= 2:
                victims.append(e)
    return sorted(victims)


def legal_actions(st, single):
    """dict action-string -> (frm, to, promo, victims list)."""
    acts = {}
    if st.result is not None:
        return acts
    board, side = st.board, st.turn
    for i in range(43):
        t = board[i]
        if t is None or t[0] != side:
            continue
        letter = t[1]
        for j in piece_targets(board, i, side, letter):
            vic = captures(board, i, j, side)
            promos = ['']
            if letter == 'P' and j in PROMO_CELLS[side]:
                promos = ['Q', 'R', 'B', 'N']
            for pr in promos:
                base = NAME[i] + '-' + NAME[j] + ('=' + pr if pr else '')
                if single and vic:
                    for v in vic:
                        acts[base + 'x' + NAME[v]] = (i, j, pr, [v])
                else:
                    acts[base] = (i, j, pr, vic)
    return acts


def apply(st, act):
    i, j, pr, vic = act
    s = st.copy()
    b = s.board
    side, letter = b[i]
    b[i] = None
    b[j] = (side, pr if pr else letter)
    king_taken = False
    for v in vic:
        if b[v][1] == 'K':
            king_taken = True
        b[v] = None
    s.turn = 1 - side
    enemy = [t for t in b if t is not None and t[0] != side]
    if king_taken or (vic and all(t[1] == 'K' for t in enemy)):
        s.result = SIDE_NAME[side]
    elif not legal_actions(s, False):
        # no legal move for the side to move: it loses
        # (the set of moves is empty iff empty with or without single-capture)
        s.result = SIDE_NAME[side]
    return s


def play(moves, single):
    st = State()
    for k, m in enumerate(moves):
        acts = legal_actions(st, single)
        if m not in acts:
            sys.stderr.write('illegal action %r at index %d\n' % (m, k))
            sys.exit(2)
        st = apply(st, acts[m])
    return st


def perft(st, d, single):
    if d == 0:
        return 1
    acts = legal_actions(st, single)
    if d == 1:
        return len(acts)
    return sum(perft(apply(st, a), d - 1, single) for a in acts.values())


def position_key(st):
    return (tuple(st.board), st.turn)


# ---------------------------------------------------------------- display
def show(st):
    lines = []
    for r in range(-4, 5):
        cells = sorted([i for i, c in enumerate(COORDS) if c[1] == r],
                       key=lambda i: 2 * COORDS[i][0] + COORDS[i][1])
        xmin = min(2 * COORDS[i][0] + COORDS[i][1] for i in cells)
        row = ' ' * (6 * (xmin + 8) // 2)
        for i in cells:
            t = st.board[i]
            p = '.' if t is None else (t[1] if t[0] == WHITE else t[1].lower())
            row += '%-3s%s%d ' % (NAME[i], p, COLOUR[i])
        lines.append(row.rstrip())
    lines.append('(cell, piece: upper White / lower Black / . empty, colour digit)')
    lines.append('turn: %s   result: %s' % (SIDE_NAME[st.turn], st.result or 'ongoing'))
    return '\n'.join(lines)


# ---------------------------------------------------------------- vectors
SAMPLE_PLIES = (10, 25, 40, 60)


def vectors(n, seed, out, single):
    rng = random.Random(seed)
    lines = []
    for g in range(n):
        st = State()
        moves = []
        seen = {position_key(st): 1}
        since_capture = 0
        extra = 0
        while True:
            ply = len(moves)
            drawn = seen[position_key(st)] >= 3 or since_capture >= 60
            if st.result is None and drawn:
                break   # draws not applied by perft: do not emit such nodes
            if ply in SAMPLE_PLIES or st.result is not None:
                acts = sorted(legal_actions(st, single))
                p1 = len(acts)
                p2 = perft(st, 2, single)
                lines.append('%s\t%d\t%d\t%s\t%s' % (
                    ' '.join(moves), p1, p2, ' '.join(acts), st.result or 'ongoing'))
            if st.result is not None or ply >= max(SAMPLE_PLIES):
                break
            acts = legal_actions(st, single)
            keys = sorted(acts)
            # bias toward captures, but mostly avoid game-ending moves so that
            # games go deep
            ending = {k for k in keys if apply(st, acts[k]).result is not None}
            pool = keys
            if ending and len(ending) < len(keys) and rng.random() < 0.85:
                pool = [k for k in keys if k not in ending]
            caps = [k for k in pool if acts[k][3]]
            if caps and rng.random() < 0.7:
                m = rng.choice(caps)
            else:
                m = rng.choice(pool)
            if ending and ply not in SAMPLE_PLIES and extra < 2:
                extra += 1
                # a node with game-ending actions among its children
                lines.append('%s\t%d\t%d\t%s\t%s' % (
                    ' '.join(moves), len(keys), perft(st, 2, single),
                    ' '.join(keys), 'ongoing'))
            moves.append(m)
            since_capture = 0 if acts[m][3] else since_capture + 1
            st = apply(st, acts[m])
            k = position_key(st)
            seen[k] = seen.get(k, 0) + 1
    with open(out, 'a') as f:
        for ln in lines:
            f.write(ln + '\n')
    return len(lines)


# ---------------------------------------------------------------- CLI
def main(argv):
    single = '--single' in argv
    argv = [a for a in argv if a != '--single']
    divide = '--divide' in argv
    argv = [a for a in argv if a != '--divide']
    moves = []
    if '--moves' in argv:
        k = argv.index('--moves')
        moves = argv[k + 1].split()
        del argv[k:k + 2]
    if not argv:
        print(__doc__)
        return 1
    cmd = argv[0]
    if cmd == 'moves':
        st = play(moves, single)
        for a in sorted(legal_actions(st, single)):
            print(a)
    elif cmd == 'perft':
        d = int(argv[1])
        st = play(moves, single)
        if divide:
            acts = legal_actions(st, single)
            tot = 0
            for a in sorted(acts):
                c = perft(apply(st, acts[a]), d - 1, single) if d > 0 else 1
                tot += c
                print(a, c)
            print(tot)
        else:
            print(perft(st, d, single))
    elif cmd == 'show':
        print(show(play(moves, single)))
    elif cmd == 'vectors':
        n, seed, out = int(argv[1]), int(argv[2]), argv[3]
        print(vectors(n, seed, out, single))
    elif cmd == 'line':
        # one vector line for the node reached by --moves, appended to argv[1]
        st = play(moves, single)
        acts = sorted(legal_actions(st, single))
        with open(argv[1], 'a') as f:
            f.write('%s\t%d\t%d\t%s\t%s\n' % (' '.join(moves), len(acts),
                    perft(st, 2, single), ' '.join(acts), st.result or 'ongoing'))
    elif cmd == 'cells':
        text = ''.join('%s %d %d %d\n' % (NAME[i], COORDS[i][0], COORDS[i][1], COLOUR[i])
                       for i in sorted(range(43), key=lambda i: (int(NAME[i][1:]), NAME[i])))
        if len(argv) > 1:
            open(argv[1], 'w').write('# name q r colour   (colour = (q - r) mod 3)\n' + text)
        else:
            sys.stdout.write(text)
    else:
        print(__doc__)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
