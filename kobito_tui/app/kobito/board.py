"""The Kobito table: pots, opponents, the player's workshop and hand.

Fed only by a seat's :class:`KobitoView` and the legal moves; which targets
a selection may go to comes from :class:`Picker` (the legal moves, split), so
no rule lives here.  Keys: ←→ move among the cards one can pick (hand cards,
then workshop end cards), space or 1–9 picks, ↑↓ (or a/b/c for a pot) chooses
among the highlighted places, Enter plays, e ends the turn, Esc clears.
Every card and highlighted place can also be clicked.  A new pot, a pot won
and penalty cards taken stay highlighted for a moment (``NEWS_SECONDS``).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.timer import Timer
from textual.widgets import Button

from kobito_tui.app.board import GameBoard
from kobito_tui.app.kobito import lines
from kobito_tui.app.kobito.glyphs import card_text
from kobito_tui.app.kobito.picking import END, Picker
from kobito_tui.app.kobito.tokens import TokenLines
from kobito_tui.core.game import Event, Header
from kobito_tui.kobito.view import CardView, KobitoView

CARD_KEYS = Binding.Group("Card", compact=True)
TARGET_KEYS = Binding.Group("Place", compact=True)
ROOMY_HEIGHT = 30  # from this board height on: framed sections, big cards
NEWS_SECONDS = 2.0  # how long a new pot, a win or a penalty stays highlighted


class KobitoBoard(GameBoard):
    """The Kobito board widget."""

    can_focus = True
    BINDINGS = [
        Binding("left", "cursor(-1)", "Card", key_display="←", group=CARD_KEYS),
        Binding("right", "cursor(1)", "Card", key_display="→", group=CARD_KEYS),
        Binding("space", "toggle", "Pick"),
        *(Binding(str(n), f"card({n})", f"Card {n}", show=False) for n in range(1, 10)),
        Binding("up", "target(-1)", "Place", key_display="↑", group=TARGET_KEYS),
        Binding("down", "target(1)", "Place", key_display="↓", group=TARGET_KEYS),
        *(Binding(k, f"pot({n})", f"Pot {k.upper()}", show=False) for n, k in enumerate("abc")),
        Binding("enter", "play", "Play"),
        Binding("e", "end_turn", "End"),
        Binding("escape", "clear", "Clear", show=False),
    ]

    def __init__(self, header: Header, **kwargs: Any) -> None:
        super().__init__(header, **kwargs)
        self.view: KobitoView | None = None
        self.interactive = False
        self.picker = Picker()
        self.stops: list[tuple] = []  # what ←→ walk over: ("card", id) | ("workshop", rainbow, end)
        self.stop = 0
        self._keys: tuple = ()  # what the footer showed last: (interactive, can end)
        self.news: set[tuple[str, int]] = set()  # see lines.news
        self._news_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="pots"):
            yield TokenLines(id="table-info")
            yield TokenLines(id="pot-rows")
        with Vertical(id="players"):
            yield TokenLines(id="opponents")
        with Vertical(id="mine"):
            yield TokenLines(id="me")
            yield TokenLines(id="workshop")
            with Horizontal(id="hand-row"):
                yield TokenLines(id="hand")
                end = Button("End turn", id="end-turn", disabled=True)
                end.can_focus = False  # keys stay with the board
                yield end

    def on_mount(self) -> None:
        self.query_one("#pots").border_title = "Table"
        self.query_one("#players").border_title = "Players"
        self.query_one("#mine").border_title = "Your workshop and hand"

    def on_resize(self, event: Resize) -> None:
        roomy = event.size.height >= ROOMY_HEIGHT
        self.set_class(roomy, "-roomy")
        for widget in self.query("#pot-rows, #hand").results(TokenLines):
            widget.big = roomy

    # -- the GameBoard contract ------------------------------------------------
    def show(self, view: KobitoView, legal: list[Event], interactive: bool) -> None:
        if self.view is not None and (news := lines.news(self.view, view)):
            self.news |= news
            if self._news_timer is not None:
                self._news_timer.stop()
            self._news_timer = self.set_timer(NEWS_SECONDS, self._forget_news)
        self.view = view
        self.interactive = interactive
        self.picker = Picker(legal if interactive else ())
        self._redraw()

    def status(self) -> str:
        view, picker = self.view, self.picker
        if view is None:
            return ""
        if view.over:
            return "The game is over"
        if not self.interactive:
            return f"Waiting for {view.names[view.turn]}"
        if picker.hinted == END:
            return "Hint: end your turn" + (" with the picked cards" if picker.selection else "") + " — press e"
        if picker.needs_penalty:
            due = view.penalty_due
            chosen = len(picker.selected_cards())
            then = " — press e or End turn" if picker.move_to(END) else ""
            return f"You must take {due} penalty card{_s(due)} — {chosen} selected{then}"
        if picker.selection:
            return self._selection_status()
        if view.played < view.requirement:
            return f"Play at least {view.requirement} card{_s(view.requirement)} — {view.played} played"
        return f"{view.played} played — play on, or end your turn (e)"

    def _forget_news(self) -> None:
        self.news.clear()
        self._redraw()

    def hint(self, move: Event) -> None:
        self.picker.hint(move)
        self._redraw()

    # -- drawing ---------------------------------------------------------------
    @property
    def me(self) -> int:
        """The seat whose hand and workshop are shown (the acting seat in an all-seeing view)."""
        assert self.view is not None
        return self.view.turn if self.view.seat is None else self.view.seat

    def hand(self) -> list[CardView]:
        """The shown hand, in display order."""
        return lines.hand_cards(self.view, self.me)

    def _redraw(self) -> None:
        view, picker = self.view, self.picker
        if view is None:
            return
        self.stops = [("card", card.id) for card in self.hand()]
        for index, rainbow in enumerate(view.workshops[self.me]):
            ends = [("workshop", index, end) for end in ("left", "right") if picker.movable(index, end)]
            self.stops += ends if len(rainbow) > 1 else ends[:1]  # a lone card is picked once
        self.stop = min(self.stop, max(len(self.stops) - 1, 0))
        cursor = self.stops[self.stop] if self.interactive and self.stops else None
        marks = lines.Marks(picker, cursor)
        self.query_one("#table-info", TokenLines).variants = lines.table_info(view)
        self.query_one("#pot-rows", TokenLines).variants = lines.pots(view, marks, self.news)
        self.query_one("#opponents", TokenLines).variants = lines.opponents(view, self.me, self.news)
        self.query_one("#me", TokenLines).variants = lines.me(view, self.me, self.news)
        self.query_one("#workshop", TokenLines).variants = lines.workshop(view, self.me, marks, self.stops)
        self.query_one("#hand", TokenLines).variants = lines.hand(self.hand(), marks, self.stops)
        end = self.query_one("#end-turn", Button)
        end.disabled = not picker.can_end
        end.set_class(bool(picker.move_to(END)) or picker.hinted == END, "-ready")
        keys = (self.interactive, picker.can_end)
        if keys != self._keys:  # the footer rebuilds itself (slow): only when what it shows changes
            self._keys = keys
            self.refresh_bindings()
        self.post_message(self.StatusChanged(self.status()))

    def _selection_status(self) -> str:
        picker = self.picker
        if picker.selected_cards():
            what = " ".join(card_text(card) for card in self.hand() if card.id in picker.selected_cards())
        else:
            _, rainbow, end = picker.selection
            what = card_text(self.view.workshops[self.me][rainbow][0 if end == "left" else -1], in_row=True)
        if picker.hinted is not None:
            return f"Hint: {what} to the highlighted place — Enter plays it"
        return f"Pick a highlighted place for {what}" if picker.targets else f"No move for {what}"

    # -- input -----------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys the board cannot use now pass on to the screen (Esc opens its menu)."""
        if action == "clear":
            return bool(self.picker.selection)
        if action == "end_turn":
            return self.picker.can_end or None
        return self.interactive or None

    def _pick(self, stop: tuple) -> None:
        if stop[0] == "card":
            self.picker.toggle_card(stop[1])
        else:
            self.picker.toggle_workshop(stop[1], stop[2])
        self._redraw()

    def _choose(self, move: Event | None) -> None:
        if move is not None and self.interactive:
            self.post_message(self.MoveChosen(move))

    def action_cursor(self, delta: int) -> None:
        if self.stops:
            self.stop = (self.stop + delta) % len(self.stops)
            self._redraw()

    def action_toggle(self) -> None:
        if self.interactive and self.stops:
            self._pick(self.stops[self.stop])

    def action_card(self, number: int) -> None:
        if self.interactive and number <= len(self.hand()):
            self.stop = number - 1
            self._pick(self.stops[self.stop])

    def action_target(self, delta: int) -> None:
        self.picker.step(delta)
        self._redraw()

    def action_pot(self, slot: int) -> None:
        """Point at the pot's next highlighted end."""
        targets = [t for t in self.picker.targets if t[0] == "pot" and t[1] == slot]
        if targets:
            current = self.picker.current
            following = targets[(targets.index(current) + 1) % len(targets)] if current in targets else targets[0]
            self.picker.point(following)
            self._redraw()

    def action_play(self) -> None:
        target = self.picker.current
        self._choose(None if target is None else self.picker.move_to(target))

    def action_end_turn(self) -> None:
        self._choose(self.picker.end_move())

    def action_clear(self) -> None:
        self.picker.clear()
        self._redraw()

    def on_token_lines_picked(self, event: TokenLines.Picked) -> None:
        event.stop()
        if not self.interactive:
            return
        if event.what == "source" and event.index < len(self.stops):
            self.stop = event.index
            self._pick(self.stops[event.index])
        elif event.what == "target" and event.index < len(self.picker.targets):
            target = self.picker.targets[event.index]
            self._choose(self.picker.move_to(target))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "end-turn":
            event.stop()
            self.action_end_turn()


def _s(count: int) -> str:
    return "" if count == 1 else "s"
