#!/usr/bin/env python3
"""Play a match between two engines through their protocols, as a chess-engine tester would.

usage: tools/match.py GAME ENGINE1 ENGINE2 [--games N | --pairs N] [options]

GAME is an interp game (a name from `interp list` or a file), ENGINE1 and ENGINE2 are
  uci:CMD ARGS...     a UCI engine (`uci:fairy-stockfish`, `uci:target/release/interp uci chess`)
  xboard:CMD ARGS...  an XBoard/CECP engine (`xboard:target/release/interp xboard chess`)
  play:BINARY         interp's AI as `BINARY play GAME --white ai --black human --think MS`
                      (or the colours the other way), driven through stdin and stdout
Limits per engine: --limit1/--limit2 (or --limit for both) movetime=MS, depth=N or nodes=N;
a `play:` engine takes movetime (its --think) or nodes (its --nodes).

The referee knows the rules: the `play` process itself when one engine is `play:`;
otherwise pyffish (`--referee pyffish`, the default when --variant is given and pyffish
imports) or an `interp play GAME` process with two human sides (`--referee interp`, binary
from --interp), which also draws chance outcomes. Games alternate colours; with --pairs
every pair plays one opening twice with colours swapped, the opening being --opening K
random plies (seeded by --seed and the pair's number; 0 = the start position). A game
that reaches --max-plies is a draw ("ply cap"). Progress goes to stderr, the result table
(W/D/L, score, Elo with its 95% error, endings by reason) to stdout, and --records FILE
keeps every game as a PGN-like record. At most --jobs games run at once.

The Fairy-Stockfish path is an argument like any engine (`uci:fairy-stockfish` from PATH by
default); --variant NAME is sent as UCI_Variant to engines that offer that option.
"""
import argparse
import math
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

FROM_TO = re.compile(r"^([a-z]+[0-9]+)-([a-z]+[0-9]+)(?:=([A-Za-z]+))?$")
DROP = re.compile(r"^([A-Z]+)@([a-z]+[0-9]+)$")


class EngineError(Exception):
    """An engine stopped, stalled or spoke out of protocol; the reason ends its game."""

    def __init__(self, reason, detail=""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


# ---------------------------------------------------------------- processes and lines
class Proc:
    """A child process read line by line through a thread, so reads can time out."""

    def __init__(self, argv, label):
        self.label = label
        try:
            self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineError("crash", f"{label}: cannot start {argv[0]}: {e}")
        self.q = queue.Queue()
        self.log = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\r\n"))
        self.q.put(None)

    def send(self, line):
        self.log.append("> " + line)
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError("crash", f"{self.label} closed its input")

    def line(self, timeout):
        try:
            s = self.q.get(timeout=timeout)
        except queue.Empty:
            raise EngineError("timeout", f"{self.label} said nothing for {timeout:.0f} s")
        if s is None:
            raise EngineError("crash", f"{self.label} exited ({self.p.poll()})")
        self.log.append("< " + s)
        del self.log[:-200]
        return s

    def close(self, quit_line=None):
        if self.p.poll() is None:
            try:
                if quit_line:
                    self.send(quit_line)
                self.p.stdin.close()
                self.p.wait(timeout=2)
            except (EngineError, OSError, subprocess.TimeoutExpired):
                pass
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()


def parse_limit(text):
    """`movetime=100`, `depth=3` or `nodes=1000` as (kind, number)."""
    m = re.fullmatch(r"(movetime|depth|nodes)=([0-9]+)", text or "")
    if not m or int(m.group(2)) < 1:
        raise argparse.ArgumentTypeError(f"bad limit `{text}`: movetime=MS, depth=N or nodes=N")
    return m.group(1), int(m.group(2))


def reply_timeout(limit):
    kind, n = limit
    return 10 + n / 1000 * 20 if kind == "movetime" else 120


# ---------------------------------------------------------------- moves
class Move:
    """One action: its text in the game's notation (`game`, None under the pyffish
    referee), its UCI coordinates (`uci`, None when it has none), who made it (0, 1 or
    `chance`); for a hidden choice not yet revealed, `stand_in`: a legal choice of the same
    side in its place (the first listed), so a UCI engine deciding next gets a position
    with the right side to choose, and nothing of the real choice."""

    def __init__(self, game, uci, by, stand_in=None):
        self.game, self.uci, self.by, self.stand_in = game, uci, by, stand_in

    def text(self, coords):
        if coords and self.uci:
            return self.uci
        return self.game or self.uci


def uci_of(action):
    """UCI coordinates of an interp action (`e7-e8=Q` -> `e7e8q`, `P@e4`), or None."""
    m = FROM_TO.match(action)
    if m:
        return m.group(1) + m.group(2) + (m.group(3) or "").lower()
    m = DROP.match(action)
    return action if m else None


def legal_map(actions):
    """Every legal action by its text (also in lower case) and by its UCI form when that
    form is unambiguous."""
    out, forms = {}, {}
    for a in actions:
        out[a] = a
        out.setdefault(a.lower(), a)
        # UCI coordinates, also of cells the game names in capitals (Taasen's `D3-D4`
        # is `d3d4` to an engine that writes cells in lower case)
        for u in {uci_of(a), uci_of(a.lower())} - {None}:
            forms.setdefault(u, []).append(a)
    for u, acts in forms.items():
        if len(acts) == 1:
            out.setdefault(u, acts[0])
    return out


def find_reply(reply, actions):
    """The legal action an engine's reply names, or None."""
    m = legal_map(actions)
    if reply in m:
        return m[reply]
    if reply.lower() in m:
        return m[reply.lower()]
    if reply.endswith("+"):  # shogi-style promotion: the one promoting action of that move
        base = reply[:-1]
        cands = [a for a in actions if (uci_of(a) or "")[:len(base)] == base and "=" in a]
        if len(cands) == 1:
            return cands[0]
    return None


# ---------------------------------------------------------------- engines
class UciEngine:
    """A UCI engine: one process for a worker's games, `position … moves …` and `go`."""

    def __init__(self, argv, limit, variant, options, label):
        self.argv, self.limit, self.variant, self.options = argv, limit, variant, options
        self.label = label
        self.proc = None
        self.name = label
        self.stats = {"moves": 0, "depth": 0, "nodes": 0, "time": 0}

    def start(self):
        self.proc = Proc(self.argv, self.label)
        self.proc.send("uci")
        offered = set()
        while True:
            s = self.proc.line(30)
            if s.startswith("id name "):
                self.name = s[8:].strip()
            m = re.match(r"option name (.+?) type ", s)
            if m:
                offered.add(m.group(1))
            if s == "uciok":
                break
        if self.variant and "UCI_Variant" in offered:
            self.proc.send(f"setoption name UCI_Variant value {self.variant}")
        for name, value in self.options:
            self.proc.send(f"setoption name {name} value {value}")
        self.ready()

    def ready(self):
        self.proc.send("isready")
        while self.proc.line(60) != "readyok":
            pass

    def new_game(self, colour):
        if self.proc is None or self.proc.p.poll() is not None:
            self.start()
        self.proc.send("ucinewgame")
        self.ready()

    def position(self, hist, fen):
        """`position` for the moves so far, an unrevealed hidden choice given by its stand-in;
        without one, the last position string the referee printed and the moves after it."""
        start, base = "startpos", 0
        if any(m.game is None and m.uci is None and m.stand_in is None for m in hist):
            start, base = f"fen {fen[0]}", fen[1]
        moves = [m.text(True) or m.stand_in for m in hist[base:]]
        return f"position {start}" + (" moves " + " ".join(moves) if moves else "")

    def move(self, hist, fen, legal):
        self.proc.send(self.position(hist, fen))
        kind, n = self.limit
        self.proc.send(f"go {kind} {n}")
        t0 = time.time()
        depth = nodes = 0
        while True:
            s = self.proc.line(reply_timeout(self.limit))
            if s.startswith("info "):
                w = s.split()
                for key in ("depth", "nodes"):
                    if key in w and w.index(key) + 1 < len(w) and w[w.index(key) + 1].isdigit():
                        v = int(w[w.index(key) + 1])
                        depth, nodes = (v, nodes) if key == "depth" else (depth, v)
            elif s.startswith("bestmove"):
                self.stats["moves"] += 1
                self.stats["depth"] += depth
                self.stats["nodes"] += nodes
                self.stats["time"] += time.time() - t0
                w = s.split()
                if len(w) < 2 or w[1] in ("(none)", "0000"):
                    raise EngineError("no move", f"{self.label}: {s}")
                return w[1]

    def close(self):
        if self.proc:
            self.proc.close("quit")
            self.proc = None


class XboardEngine:
    """An XBoard/CECP engine kept in force mode: `usermove` for every other action, `go`
    for its own, `force` again after its reply."""

    def __init__(self, argv, limit, variant, options, label):
        self.argv, self.limit, self.variant, self.options = argv, limit, variant, options
        self.label, self.name, self.proc = label, label, None
        self.features = {}
        self.sent = 0
        self.stats = {"moves": 0, "depth": 0, "nodes": 0, "time": 0}

    def start(self):
        self.proc = Proc(self.argv, self.label)
        self.proc.send("xboard")
        self.proc.send("protover 2")
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                s = self.proc.line(max(0.1, deadline - time.time()))
            except EngineError as e:
                if e.reason == "timeout":
                    break
                raise
            if s.startswith("feature "):
                for k, v in re.findall(r'(\w+)=("[^"]*"|\S+)', s):
                    self.features[k] = v.strip('"')
                    self.proc.send(f"accepted {k}")
                if self.features.get("done") == "1":
                    break
        if "myname" in self.features:
            self.name = self.features["myname"]

    def sync(self):
        if self.features.get("ping") == "1":
            self.proc.send("ping 1")
            while self.proc.line(30) != "pong 1":
                pass

    def new_game(self, colour):
        if self.proc is None or self.proc.p.poll() is not None:
            self.start()
        self.proc.send("new")
        if self.variant and self.variant != "chess":
            self.proc.send(f"variant {self.variant}")
        self.proc.send("force")
        kind, n = self.limit
        if kind == "depth":
            self.proc.send(f"sd {n}")
        elif kind == "movetime":
            self.proc.send(f"st {n / 1000:g}")
        else:
            raise EngineError("protocol", f"{self.label}: xboard engines take movetime or depth")
        self.sent = 0
        self.forced = True
        self.sync()

    def usermove(self, m):
        text = m.text(True)
        self.proc.send(f"usermove {text}" if self.features.get("usermove") == "1" else text)

    def move(self, hist, fen, legal):
        """Tell the actions since its last move; in force mode (at the start, or when
        several actions came) then `go`, else its reply to a single `usermove` comes by
        itself, as GUIs play (no `force` after its moves: engines apply them late)."""
        todo = hist[self.sent:]
        if self.forced or len(todo) != 1:
            if not self.forced:
                self.proc.send("force")
            for m in todo:
                self.usermove(m)
            self.proc.send("go")
            self.forced = False
        else:
            self.usermove(todo[0])
        self.sent = len(hist) + 1
        t0 = time.time()
        while True:
            s = self.proc.line(reply_timeout(self.limit))
            w = s.split()
            if len(w) >= 2 and w[0] == "move":
                self.stats["moves"] += 1
                self.stats["time"] += time.time() - t0
                return w[1]
            if s.startswith("Illegal move"):
                raise EngineError("protocol", f"{self.label}: {s}")
            if w and w[0] == "resign":
                raise EngineError("resigns", self.label)

    def close(self):
        if self.proc:
            self.proc.close("quit")
            self.proc = None


class PlayEngine:
    """interp's AI through `interp play`: its process is also the game's referee."""

    def __init__(self, binary, limit, label):
        self.binary, self.limit, self.label, self.name = binary, limit, label, label
        if limit[0] == "depth":
            raise SystemExit(f"{label}: a play: engine takes movetime or nodes, not depth")
        self.stats = {"moves": 0, "depth": 0, "nodes": 0, "time": 0}

    def new_game(self, colour):
        self.colour = colour

    def argv(self):
        kind, n = self.limit
        return ["--think", str(n)] if kind == "movetime" else ["--nodes", str(n)]

    def close(self):
        pass


# ---------------------------------------------------------------- referees
PROMPT = re.compile(r"^(\S+) to (move|decide) \(")
AI_PLAYS = re.compile(r"^(\S+) \(ai\) plays (\S+)$")
AI_HIDDEN = re.compile(r"^(\S+) \(ai\) has chosen")
GAME_OVER = re.compile(r"^game over: (.+?)(?: \((.+)\))?$")


class PlayReferee:
    """An `interp play` process judging the game: with one AI side (a play: engine) or
    none. It prints every action, the chance outcomes it draws and the result; the legal
    actions come from `interp moves`."""

    def __init__(self, binary, game, options, opening, seed, names, ai_colour=None, ai_args=()):
        self.binary, self.game, self.options = binary, game, options
        sides = ["human", "human"]
        if ai_colour is not None:
            sides[ai_colour] = "ai"
        argv = [binary, "play", game, "--white", sides[0], "--black", sides[1],
                "--no-autosave", "--seed", str(seed), *ai_args, *options]
        if opening:
            argv += ["--moves", " ".join(m.game for m in opening)]
        self.proc = Proc(argv, f"{binary} play")
        self.names = list(names)
        self.fen = ("", 0)
        self.ai_colour = ai_colour
        self.ai_limit = ai_args

    def who(self, name):
        if name not in self.names:
            self.names.append(name)
        return self.names.index(name)

    def pump(self, hist, timeout, cap):
        """Read until the process asks a side for input or the game is over: appends the
        AI's actions and the chance outcomes to hist; returns ("move", side) or
        ("over", result, reason) with result 1, 0.5 or 0 for the first player (a draw by
        "ply cap" when the AI moves once `cap` plies are played)."""
        while True:
            s = self.proc.line(timeout)
            if s.startswith("position: "):
                self.fen = (s[10:], len(hist))
            elif s.startswith("to move: ") and s[9:] != "chance":
                self.who(s[9:])
            elif m := PROMPT.match(s):
                return ("move", self.who(m.group(1)))
            elif m := AI_PLAYS.match(s):
                if sum(1 for h in hist if h.by != "chance") >= cap:
                    return ("over", 0.5, "ply cap")
                hist.append(Move(m.group(2), uci_of(m.group(2)), self.who(m.group(1))))
            elif s.startswith("chance: "):
                a = s[8:].strip()
                hist.append(Move(a, None, "chance"))
            elif m := AI_HIDDEN.match(s):
                hist.append(Move(None, None, self.who(m.group(1)), self.stand_in(hist)))
            elif s.startswith("hidden choices revealed: "):
                self.reveal(hist, s[25:].split())
            elif m := GAME_OVER.match(s):
                return ("over",) + self.result(m.group(1), m.group(2) or "")
            elif s.startswith("illegal action"):
                return ("illegal", s)

    def stand_in(self, hist):
        """A legal action in place of the hidden choice about to be made after `hist`
        (None behind another unrevealed one, or when `interp moves` fails)."""
        try:
            acts = self.legal(hist)
        except EngineError:
            return None
        return acts[0] if acts else None

    def reveal(self, hist, actions):
        """The hidden choices are the last actions made, one by each side in turn."""
        turns = [i for i, m in enumerate(hist) if m.by != "chance"][-len(actions):]
        for i, a in zip(turns, actions):
            hist[i] = Move(a, uci_of(a), hist[i].by)

    def result(self, text, reason):
        if text.startswith("draw"):
            return 0.5, reason or "draw"
        m = re.match(r"(\S+) wins", text)
        if not m:
            return 0.5, text
        return (1.0 if self.who(m.group(1)) == 0 else 0.0), reason or "win"

    def legal(self, hist):
        if any(m.game is None for m in hist):
            raise EngineError("protocol", "legal actions asked behind a hidden choice")
        argv = [self.binary, "moves", self.game, *self.options,
                "--moves", " ".join(m.game for m in hist)]
        p = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            raise EngineError("referee", p.stderr.strip()[-300:])
        return p.stdout.split()

    def submit(self, action):
        self.proc.send(action)

    def close(self):
        self.proc.close("quit")


class FfishReferee:
    """pyffish as the referee of a Fairy-Stockfish variant: moves in UCI coordinates."""

    def __init__(self, variant, opening):
        import pyffish
        self.sf, self.variant = pyffish, variant
        self.start = pyffish.start_fen(variant)
        self.fen = (self.start, 0)

    def pump(self, hist, timeout, cap):
        sf, v, moves = self.sf, self.variant, [m.uci for m in hist]
        legal = sf.legal_moves(v, self.start, moves)
        fen = sf.get_fen(v, self.start, moves).split()
        mover = 0 if fen[1] == "w" else 1
        if not legal:
            r = sf.game_result(v, self.start, moves)
            check = sf.gives_check(v, self.start, moves)
            reason = "checkmate" if check else "stalemate"
            return ("over", self.score(r, mover), reason if r else "stalemate")
        end, r = sf.is_immediate_game_end(v, self.start, moves)
        if end:
            return ("over", self.score(r, mover), "variant end")
        end, r = sf.is_optional_game_end(v, self.start, moves)
        if end:
            rule = len(fen) > 4 and fen[-2].isdigit() and int(fen[-2]) >= 100
            return ("over", self.score(r, mover), "move rule" if rule else "repetition")
        w, b = sf.has_insufficient_material(v, self.start, moves)
        if w and b:
            return ("over", 0.5, "insufficient material")
        return ("move", mover)

    @staticmethod
    def score(r, mover):
        if r == 0:
            return 0.5
        mover_wins = r > 0
        return 1.0 if mover_wins == (mover == 0) else 0.0

    def legal(self, hist):
        return self.sf.legal_moves(self.variant, self.start, [m.uci for m in hist])

    def close(self):
        pass


def player_names(binary, game, options):
    """The first and second players' names as `interp show` prints them (`to move:`):
    at the start, and after the first legal action."""
    def run(*args):
        p = subprocess.run([binary, *args, game, *options], capture_output=True, text=True,
                           timeout=60)
        if p.returncode != 0:
            raise SystemExit(f"{binary} {args[0]} {game}: {p.stderr.strip()[-300:]}")
        return p.stdout

    def to_move(text):
        return next((s[9:] for s in text.splitlines() if s.startswith("to move: ")), None)

    first = to_move(run("show"))
    acts = run("moves").split()
    second = to_move(run("show", "--moves", acts[0])) if acts else None
    return [first] + ([second] if second and second not in (first, "chance") else [])


# ---------------------------------------------------------------- one game
def random_opening(a, rng, plies):
    """`plies` random actions from the start, by `interp moves` (or pyffish): a position
    where the game goes on."""
    for _ in range(50):
        hist = []
        for _ in range(plies):
            if a.ref_kind == "pyffish":
                import pyffish
                acts = pyffish.legal_moves(a.variant, pyffish.start_fen(a.variant),
                                           [m.uci for m in hist])
                if not acts:
                    break
                u = rng.choice(sorted(acts))
                hist.append(Move(None, u, len(hist) % 2))
            else:
                p = subprocess.run([a.interp, "moves", a.game, *a.options, "--moves",
                                    " ".join(m.game for m in hist)],
                                   capture_output=True, text=True, timeout=60)
                acts = p.stdout.split()
                if p.returncode != 0 or not acts:
                    break
                g = rng.choice(acts)
                hist.append(Move(g, uci_of(g), None))
        else:
            return hist
    raise SystemExit(f"no opening of {plies} plies found that leaves the game running")


def play_game(a, n, engines, colours, opening):
    """Game n: engines[colours[0]] plays the first player. Returns a record dict."""
    white, black = engines[colours[0]], engines[colours[1]]
    sides = [white, black]
    hist = [Move(m.game, m.uci, m.by) for m in opening]
    play_side = next((i for i, e in enumerate(sides) if isinstance(e, PlayEngine)), None)
    seed = a.seed * 100003 + n
    if play_side is not None:
        pe = sides[play_side]
        ref = PlayReferee(pe.binary, a.game, a.options, opening, seed, a.names, play_side,
                          pe.argv())
    elif a.ref_kind == "pyffish":
        ref = FfishReferee(a.variant, opening)
    else:
        ref = PlayReferee(a.interp, a.game, a.options, opening, seed, a.names)
    result = reason = None
    loser = None
    try:
        for i, e in enumerate(sides):
            try:
                e.new_game(i)
            except EngineError as err:
                loser, reason = i, f"{err.reason} ({e.label})"
                raise
        while result is None:
            ai_limit = reply_timeout(sides[play_side].limit) if play_side is not None else 60
            try:
                st = ref.pump(hist, ai_limit, a.max_plies)
            except EngineError as err:  # the play process is the AI: its failure loses
                if play_side is not None:
                    loser, reason = play_side, f"{err.reason} ({sides[play_side].label})"
                raise
            if st[0] == "over":
                result, reason = st[1], st[2]
                break
            if st[0] == "illegal":
                raise EngineError("referee", st[1])
            plies = sum(1 for m in hist if m.by != "chance")
            if plies >= a.max_plies:
                result, reason = 0.5, "ply cap"
                break
            side = st[1]
            e = sides[side]
            if side == play_side:
                raise EngineError("referee", "the play process asks its own AI's side to move")
            try:
                legal = ref.legal(hist) if not any(m.game is None and m.uci is None
                                                   for m in hist) else None
                reply = e.move(hist, ref.fen, legal)
            except EngineError as err:
                loser, reason = side, f"{err.reason} ({e.label})"
                raise
            if legal is not None:
                act = find_reply(reply, legal)
                if act is None:
                    loser, reason = side, f"illegal move {reply} ({e.label})"
                    raise EngineError("illegal", reply)
            else:
                act = reply
            if isinstance(ref, FfishReferee):
                hist.append(Move(None, act, side))
            else:
                hist.append(Move(act, uci_of(act), side))
                ref.submit(act)
    except EngineError as err:
        if loser is None:  # the referee failed: no result
            result, reason = None, f"aborted: {err}"
        else:
            result = 0.0 if loser == 0 else 1.0
    finally:
        ref.close()
        if play_side is not None:
            sides[play_side].close()
    return {"n": n, "white": white.label, "black": black.label, "colours": colours,
            "result": result, "reason": reason, "plies": sum(1 for m in hist if m.by != "chance"),
            "moves": [m.game or m.uci or "?" for m in hist], "opening": len(opening)}


# ---------------------------------------------------------------- the match
def engine_of(spec, limit, a, label, options):
    kind, _, rest = spec.partition(":")
    argv = shlex.split(rest)
    if kind == "uci" and argv:
        return UciEngine(argv, limit, a.variant, options, label)
    if kind == "xboard" and argv:
        return XboardEngine(argv, limit, a.variant, options, label)
    if kind == "play" and len(argv) == 1:
        return PlayEngine(argv[0], limit, label)
    raise SystemExit(f"bad engine `{spec}`: uci:CMD…, xboard:CMD… or play:BINARY")


def elo(score, n_games, w, d, l):
    """Elo difference and its 95% error from the per-game variance of the score."""
    if n_games == 0:
        return None, None
    s = score / n_games
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n_games
    err = 1.96 * math.sqrt(var / n_games)

    def to_elo(x):
        x = min(max(x, 1e-4), 1 - 1e-4)
        return -400 * math.log10(1 / x - 1)

    return to_elo(s) + 0.0, (to_elo(min(s + err, 1 - 1e-4)) - to_elo(max(s - err, 1e-4))) / 2


def elo_text(e, err):
    if math.isinf(e):
        return f"{'+' if e > 0 else '-'}inf".rjust(6) + " " * 7
    return f"{e + 0.0:>+6.0f} ± {err:<4.0f}"


def tally(records):
    """Engine 1's W/D/L over the finished games."""
    w = d = l = 0
    for r in records:
        if r["result"] is None:
            continue
        s1 = r["result"] if r["colours"][0] == 0 else 1 - r["result"]
        w, d, l = w + (s1 == 1), d + (s1 == 0.5), l + (s1 == 0)
    return w, d, l


def table(a, labels, records):
    w, d, l = tally(records)
    n = w + d + l
    score = w + d / 2
    lines = [f"match: {a.game}, {len(records)} games, {labels[0]} vs {labels[1]}"]
    if n:
        e, err = elo(score, n, w, d, l)
        if score in (0, n):
            e, err = (math.inf if score else -math.inf), 0
        wd = max(len(x) for x in labels) + 1
        lines.append(f"{'engine':<{wd}} {'W':>4} {'D':>4} {'L':>4} {'score':>8} {'Elo':>12}")
        lines.append(f"{labels[0]:<{wd}} {w:>4} {d:>4} {l:>4} {100 * score / n:>7.1f}% " +
                     elo_text(e, err))
        lines.append(f"{labels[1]:<{wd}} {l:>4} {d:>4} {w:>4} {100 * (n - score) / n:>7.1f}% " +
                     elo_text(-e, err))
        for side, name in ((0, "white"), (1, "black")):
            sub = [r for r in records if r["colours"][side] == 0]
            sw, sd, sl = tally(sub)
            if sub:
                lines.append(f"  {labels[0]} as {name}: +{sw} ={sd} -{sl}")
    reasons = {}
    for r in records:
        key = f"{'1-0' if r['result'] == 1 else '0-1' if r['result'] == 0 else '1/2' if r['result'] == 0.5 else '*'} {r['reason']}"
        reasons[key] = reasons.get(key, 0) + 1
    lines.append("endings (white's result, reason): " +
                 ", ".join(f"{k} {v}" for k, v in sorted(reasons.items(), key=lambda x: -x[1])))
    plies = [r["plies"] for r in records]
    if plies:
        lines.append(f"plies: mean {sum(plies) / len(plies):.0f}, max {max(plies)}")
    return "\n".join(x.rstrip() for x in lines)


def record_text(a, r):
    res = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}.get(r["result"], "*")
    head = [f'[Game "{a.game}"]', f'[Round "{r["n"] + 1}"]', f'[White "{r["white"]}"]',
            f'[Black "{r["black"]}"]', f'[Result "{res}"]', f'[Termination "{r["reason"]}"]',
            f'[OpeningPlies "{r["opening"]}"]', f'[PlyCount "{r["plies"]}"]']
    return "\n".join(head) + "\n\n" + " ".join(r["moves"]) + f" {res}\n\n"


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("engine1")
    ap.add_argument("engine2")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--games", type=int, default=2, help="games, colours alternating (default 2)")
    g.add_argument("--pairs", type=int, help="colour-swapped pairs of games from one opening")
    ap.add_argument("--limit", type=parse_limit, default=("movetime", 100))
    ap.add_argument("--limit1", type=parse_limit)
    ap.add_argument("--limit2", type=parse_limit)
    ap.add_argument("--option1", action="append", default=[], metavar="NAME=VALUE",
                    help="setoption for engine 1 (repeatable)")
    ap.add_argument("--option2", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--name1", help="engine 1's name in the table (default: its command)")
    ap.add_argument("--name2")
    ap.add_argument("--variant", help="UCI_Variant / xboard variant name (Fairy-Stockfish's)")
    ap.add_argument("--option", dest="options", action="append", default=[],
                    help="game option for the interp referee and play: engines (NAME[=VALUE])")
    ap.add_argument("--referee", choices=["auto", "pyffish", "interp"], default="auto")
    ap.add_argument("--interp", default=os.environ.get("INTERP", "target/release/interp"),
                    help="interp binary of the interp referee and the openings")
    ap.add_argument("--opening", type=int, default=0, metavar="K", help="random plies first")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--records", help="write every game here (PGN-like)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    a = ap.parse_args(argv)
    a.options = [x for o in a.options for x in ("--option", o)]
    for k in ("option1", "option2"):
        opts = []
        for o in getattr(a, k):
            name, eq, value = o.partition("=")
            if not eq or not name:
                ap.error(f"--{k} {o}: NAME=VALUE")
            opts.append((name, value))
        setattr(a, k, opts)
    if min(a.games, a.pairs or 1) < 1 or a.jobs < 1 or a.max_plies < 1 or a.opening < 0:
        ap.error("--games, --pairs, --jobs and --max-plies must be at least 1")
    return a


def main(argv):
    a = parse_args(argv)
    specs = [a.engine1, a.engine2]
    limits = [a.limit1 or a.limit, a.limit2 or a.limit]
    has_play = any(s.startswith("play:") for s in specs)
    if all(s.startswith("play:") for s in specs):
        raise SystemExit("at most one play: engine (its process is the referee)")
    if has_play:
        a.ref_kind = "play"
        if "INTERP" not in os.environ and a.interp == "target/release/interp":
            a.interp = next(s[5:] for s in specs if s.startswith("play:"))
    elif a.referee == "pyffish" or (a.referee == "auto" and a.variant and ffish_ok()):
        a.ref_kind = "pyffish"
    else:
        a.ref_kind = "interp"
    a.names = player_names(a.interp, a.game, a.options) if a.ref_kind != "pyffish" else []
    if a.ref_kind == "pyffish" and not a.variant:
        raise SystemExit("--referee pyffish needs --variant")
    labels = []
    for i, s in enumerate(specs):
        kind, n = limits[i]
        argv = shlex.split(s.split(":", 1)[1])
        words = [os.path.basename(w) for w in argv] + (["play"] if s.startswith("play:") else [])
        labels.append(f"{[a.name1, a.name2][i] or ' '.join(words)} ({kind} {n})")
    if labels[0] == labels[1]:
        labels = [labels[0] + " #1", labels[1] + " #2"]
    n_games = 2 * a.pairs if a.pairs else a.games
    plies = a.opening
    openings = {}
    for n in range(n_games):
        key = n // 2 if a.pairs else n
        if plies and key not in openings:
            openings[key] = random_opening(a, random.Random(a.seed * 7919 + key), plies)
    local = threading.local()
    all_engines = []
    lock = threading.Lock()
    records = []

    def worker(n):
        if not hasattr(local, "engines"):
            local.engines = [engine_of(specs[i], limits[i], a, labels[i],
                                       [a.option1, a.option2][i]) for i in range(2)]
            with lock:
                all_engines.extend(local.engines)
        colours = (0, 1) if n % 2 == 0 else (1, 0)
        key = n // 2 if a.pairs else n
        r = play_game(a, n, local.engines, colours, openings.get(key, []))
        with lock:
            records.append(r)
            if not a.quiet:
                w, d, l = tally(records)
                done = w + d + l
                res = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2"}.get(r["result"], "*")
                sc = f"{100 * (w + d / 2) / done:.1f}%" if done else "-"
                print(f"game {len(records)}/{n_games} (#{n + 1}): {r['white']} - {r['black']}"
                      f" {res} ({r['reason']}, {r['plies']} plies); {labels[0]}: "
                      f"+{w} ={d} -{l} {sc}", file=sys.stderr, flush=True)
        return r

    t0 = time.time()
    try:
        with ThreadPoolExecutor(max_workers=a.jobs) as pool:
            list(pool.map(worker, range(n_games)))
    finally:
        for e in all_engines:
            e.close()
    records.sort(key=lambda r: r["n"])
    print(table(a, labels, records))
    stats = []
    for e in all_engines:
        st = e.stats
        if st["moves"]:
            stats.append((e.label, st))
    agg = {}
    for label, st in stats:
        s = agg.setdefault(label, {"moves": 0, "depth": 0, "nodes": 0, "time": 0})
        for k in s:
            s[k] += st[k]
    for label, s in agg.items():
        m = s["moves"]
        extra = f", mean depth {s['depth'] / m:.1f} (its info lines)" if s["depth"] else ""
        print(f"{label}: {m} moves, mean {1000 * s['time'] / m:.0f} ms a move{extra}")
    print(f"wall time {time.time() - t0:.0f} s")
    if a.records:
        with open(a.records, "w") as f:
            for r in records:
                f.write(record_text(a, r))
    return 0


def ffish_ok():
    try:
        import pyffish  # noqa: F401
        return True
    except ImportError:
        return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
