#!/usr/bin/env python3
"""A real client drives interp as a chess engine: python-chess's chess.engine plays a
whole game of chess against `interp uci GAME` or `interp xboard GAME`, interp's moves
checked by python-chess's own rules, the other side played by a seeded random player.

Usage: protocol_client.py uci|xboard INTERP_BINARY CHESS_GAME_FILE [--seed N] [--depth D]

Prints every move and the end ("game over: 1-0 checkmate"); exits 1 when interp sends
an illegal move, says nothing, or the game runs past the ply cap without ending.
"""

import argparse
import random
import sys

import chess
import chess.engine

# A game of the engine against a random player ends long before this, by a rule of chess.
PLY_CAP = 600


def engine_for(protocol, binary, game):
    """The engine process, opened by python-chess for the protocol."""
    command = [binary, protocol, game]
    if protocol == "uci":
        return chess.engine.SimpleEngine.popen_uci(command)
    return chess.engine.SimpleEngine.popen_xboard(command)


def play(protocol, binary, game, seed, depth):
    """Plays one game; the engine is White when the seed is even. Returns the result."""
    rng = random.Random(seed)
    board = chess.Board()
    engine_white = seed % 2 == 0
    with engine_for(protocol, binary, game) as engine:
        print(f"engine: {engine.id.get('name')}; interp plays {'white' if engine_white else 'black'}")
        while not board.is_game_over(claim_draw=True):
            if len(board.move_stack) >= PLY_CAP:
                sys.exit(f"no end after {PLY_CAP} plies")
            if board.turn == (chess.WHITE if engine_white else chess.BLACK):
                result = engine.play(board, chess.engine.Limit(depth=depth), info=chess.engine.INFO_ALL)
                if result.move is None:
                    sys.exit(f"the engine gave no move at {board.fen()}")
                if result.move not in board.legal_moves:
                    sys.exit(f"illegal move {result.move} at {board.fen()}")
                info = result.info
                print(f"{board.san(result.move)} (depth {info.get('depth')}, score {info.get('score')})")
                board.push(result.move)
            else:
                move = rng.choice(list(board.legal_moves))
                print(board.san(move))
                board.push(move)
        outcome = board.outcome(claim_draw=True)
    print(f"game over: {board.result(claim_draw=True)} {outcome.termination.name.lower()} after {len(board.move_stack)} plies")
    return board.result(claim_draw=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("protocol", choices=["uci", "xboard"])
    ap.add_argument("binary")
    ap.add_argument("game")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--depth", type=int, default=2)
    args = ap.parse_args()
    play(args.protocol, args.binary, args.game, args.seed, args.depth)


if __name__ == "__main__":
    main()
