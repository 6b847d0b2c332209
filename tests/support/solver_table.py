"""A solitaire's table with the solver's help, for the client's tests: frames until the
solver's verdict, the light's colour as drawn, a move played as a player plays it, Finish."""

from __future__ import annotations


def wait_for_verdict(ui, limit: int = 2000) -> int:
    """Run frames until the table's solver has a verdict; return how many it took."""
    t = ui.table
    for n in range(1, limit + 1):
        if t.session.help.verdict is not None:
            return n - 1
        ui.frames(1)
    raise AssertionError(f"no verdict after {limit} frames")


def light(ui):
    return tuple(ui.app.screen.get_at(ui.table.chrome.light_at))[:3]


def play_through_ui(ui, move) -> None:
    """Play ``move`` as a player would: click the stock, or drag the cards to the target."""
    if move.source == "stock":  # what a click on the stock does (the game's turn_move)
        ui.click(ui.card_rect("stock").center)
    else:
        ui.drag(ui.card_point(move.source, -move.count), ui.card_rect(move.target).center)
    ui.frames(2)


def finish(ui, t, line) -> None:
    """Click Finish, run frames until the game is over (three a move of ``line`` at most),
    then until nothing moves."""
    ui.click(t.chrome.finish_button.rect.center)
    for _ in range(3 * len(line)):
        if t.state.is_over():
            break
        ui.frames(1)
    ui.settle()
