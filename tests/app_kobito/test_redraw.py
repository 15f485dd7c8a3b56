"""A key or a click redraws only what it changed: the sections it left alone are neither built nor repainted,
and a cursor moving along the hand repaints the two cards it left and reached."""

from __future__ import annotations

from collections import defaultdict

import pytest
from textual.geometry import Region
from textual.widget import Widget

from app_kobito.conftest import game_screen, human_turn, kobito, make_app
from app_kobito.drive import click_token, press
from kobito_tui.app.kobito.tokens import TokenLines


class Redraws:
    """Which sections built their tokens, and the regions each asked to repaint (None: all of it)."""

    def __init__(self, monkeypatch) -> None:
        self.built: list[str] = []
        self.repainted: dict[str, list[Region | None]] = defaultdict(list)
        draw, refresh = TokenLines.draw, Widget.refresh

        def counted_draw(lines: TokenLines, key, build):
            draw(lines, key, lambda: (self.built.append(str(lines.id)), build())[1])

        def counted_refresh(lines: TokenLines, *regions: Region, **options):
            self.repainted[str(lines.id)] += list(regions) or [None]
            return refresh(lines, *regions, **options)

        monkeypatch.setattr(TokenLines, "draw", counted_draw)
        monkeypatch.setattr(TokenLines, "refresh", counted_refresh)

    def clear(self) -> None:
        self.built.clear()
        self.repainted.clear()


def cells(lines: TokenLines) -> dict[tuple[int, int], tuple[str, object]]:
    """Each cell of the widget as drawn: its character and style."""
    drawn = {}
    for y, strip in enumerate(lines.render_lines(lines.size.region)):
        x = 0
        for segment in strip:
            for char in segment.text:
                drawn[x, y] = (char, segment.style)
                x += 1
    return drawn


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])  # one row a card, and framed cards three rows high
async def test_a_cursor_key_repaints_two_cards_of_the_hand_and_nothing_else(saves, monkeypatch, size):
    app = make_app(saves, new=kobito("Ann,bot:random,bot:random", seed=3))
    async with app.run_test(size=size) as pilot:
        board = (await human_turn(pilot, await game_screen(pilot))).board
        hand = board.parts["hand"]
        assert hand.big == (size == (120, 40))
        redraws = Redraws(monkeypatch)
        for key in ("right", "right", "left"):
            before = cells(hand)
            redraws.clear()
            await press(pilot, key)
            assert redraws.built == ["hand"]
            regions = redraws.repainted.pop("hand")
            assert not redraws.repainted, "no other section repaints"
            assert len(regions) == 2 and None not in regions, regions
            after = cells(hand)
            changed = {cell for cell in after if after[cell] != before.get(cell)}
            assert changed, "the cursor moved on the screen"
            assert all(any(region.contains(*cell) for region in regions) for cell in changed), "every changed cell is repainted"


async def test_picking_a_card_by_click_leaves_the_seats_and_counts_alone(saves, monkeypatch):
    app = make_app(saves, new=kobito("Ann,bot:random,bot:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        board = (await human_turn(pilot, await game_screen(pilot))).board
        playable = next(n for n, card in enumerate(board.hand()) if board.picker.playable(card.id))
        redraws = Redraws(monkeypatch)
        await click_token(pilot, board, "source", playable)
        assert board.picker.selection, "the click picked the card"
        assert {"hand", "pot-rows"} <= set(redraws.built), "the pick and where it may go are drawn"
        untouched = {"table-info", "opponents", "me"}
        assert not untouched & set(redraws.built)
        assert not untouched & set(redraws.repainted)
