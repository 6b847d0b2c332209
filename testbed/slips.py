"""The slips a person watching a Chinese Patience computer player could knock on (issue 26
item 7): ``watch_slips``, measured by ``python -m bench ai --game chinese-patience`` over many
games and checked by tests/ai/players/test_chinese.py over a few."""

from __future__ import annotations

GAME = "chinese-patience"


def watch_slips(level: str, games: int = 20, first_seed: int = 9000) -> dict:
    """What a person watching ``level`` with "knock" priorities can catch (issue 26 item 7):
    ``games`` two-player games against Greedy (which never knocks, as a person who only
    watches), seats alternating. Counts ``level``'s turns and those in which it broke a
    priority; every breach must leave its turn going on (else there is nothing to see)."""
    from game.ai.players import computer_player
    from game.core import new_game

    turns: dict = {}
    for g in range(games):
        state = new_game(GAME, seed=first_seed + g, priorities="knock")
        mine = g % 2
        bots = {
            mine: computer_player(GAME, level, seed=2 * g),
            1 - mine: computer_player(GAME, "greedy", seed=1),
        }
        while not state.is_over():
            p, turn = state.current_player, state.turn
            move = bots[p].choose(state)
            breached = move not in state.legal_moves()
            state.push(move, breach=breached)
            if p == mine:
                row = turns.setdefault((g, turn), [False, False])
                row[0] = row[0] or breached
                row[1] = row[1] or (breached and state.current_player != p)
    n = max(1, len(turns))
    return {
        "games": games,
        "turns": len(turns),
        "turns_with_a_slip": round(sum(r[0] for r in turns.values()) / n, 3),
        "slips_that_ended_the_turn": sum(r[1] for r in turns.values()),
    }
