"""The Kobito table: pots, opponents, the player's workshop and hand.

Fed only by a seat's :class:`KobitoView` and the legal moves; which targets
a selection may go to comes from :class:`Picker` (the legal moves, split), so
no rule lives here.  Keys: ←→ move among the cards one can pick (hand cards,
then workshop end cards; with nothing picked ↑↓ jump between the two rows),
space or 1–9 picks, ↑↓ (or a/b/c for a pot) chooses among the highlighted
places, Enter plays, e ends the turn, Esc clears.  Every card and highlighted
place can also be clicked, and so can a pot's or a workshop rainbow's row.  A
key or click that does nothing says why on the status line.  A new pot, a pot
won and penalty cards taken stay highlighted for a moment (``NEWS_SECONDS``).
A spectator's view (no seat) lists every seat under Players and shows no
workshop-and-hand section and no play keys: there is nothing to play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import getters
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.timer import Timer
from textual.widgets import Button

from kobito_tui.app import actions
from kobito_tui.app.board import GameBoard
from kobito_tui.app.kobito import lines, words
from kobito_tui.app.kobito.glyphs import card_text
from kobito_tui.app.kobito.picking import END, Picker, Stop
from kobito_tui.app.kobito.tokens import TokenLines
from kobito_tui.core.game import SPECTATOR, Event, Header
from kobito_tui.kobito.view import CardView, KobitoView

if TYPE_CHECKING:
    from kobito_tui.app.shell import ShellApp

ROOMY_HEIGHT = 30  # from this board height on: framed sections, big cards
NEWS_SECONDS = 2.0  # how long a new pot, a win or a penalty stays highlighted


class KobitoBoard(GameBoard):
    """The Kobito board widget."""

    if TYPE_CHECKING:
        app = getters.app(ShellApp)  # the app as a Shell: its translator ``t`` known to the type checker

    can_focus = True
    BINDINGS = actions.bindings(*actions.KOBITO_BOARD)
    how_to, legend = staticmethod(words.how_to), staticmethod(words.legend)

    def __init__(self, header: Header, **kwargs: Any) -> None:
        super().__init__(header, **kwargs)
        self.view: KobitoView | None = None
        self.interactive = False
        self.picker = Picker()
        self.stops: list[Stop] = []  # what ←→ walk over
        self.stop = 0
        self._keys: tuple[bool, bool] | None = None  # what the footer showed last: (interactive, spectating)
        self.news: set[tuple[str, int]] = set()  # see lines.news
        self._news_timer: Timer | None = None
        # The sections, each drawn from what it shows (see _redraw): a key redraws what it changed.
        self.parts = {name: TokenLines(id=name) for name in ("table-info", "pot-rows", "opponents", "me", "workshop", "hand")}
        self._stops_of: tuple[KobitoView, Picker] | None = None  # what self.stops were walked out of
        self._status: tuple[object, str] | None = None  # the status last worded, and what from
        self.mine: Vertical  # the workshop-and-hand section, and its End turn button (made in compose)
        self.end: Button

    def compose(self) -> ComposeResult:
        # Titles set here, not on mount: a board replaced at once (a preview
        # while scrolling a list) may never find its children mounted.
        t, part = self.app.t, self.parts
        with _section("pots", t("Table")):
            yield part["table-info"]
            yield part["pot-rows"]
        with _section("players", t("Players")):
            yield part["opponents"]
        with _section("mine", t("Workshop and hand") if self.watching else t("Your workshop and hand")) as mine:
            self.mine = mine
            yield part["me"]
            yield part["workshop"]
            with Horizontal(id="hand-row"):
                yield part["hand"]
                self.end = end = Button(t("End turn"), id="end-turn", disabled=True)
                end.can_focus = False  # keys stay with the board
                end.display = not self.watching  # a replay or a preview: nobody's turn to end
                yield end

    def on_resize(self, event: Resize) -> None:
        roomy = event.size.height >= ROOMY_HEIGHT
        self.set_class(roomy, "-roomy")
        for widget in self.query("#pot-rows, #hand").results(TokenLines):
            widget.big = roomy

    # -- the GameBoard contract ------------------------------------------------
    def show(self, view: KobitoView, legal: list[Event], interactive: bool) -> None:
        view = self.worded(view)
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
        if self.view is None:
            return ""
        return words.status_text(self.app.t, self.view, self.picker, self.interactive, self._picked())

    def tips(self) -> list[tuple[object, str]]:
        return words.tips(self.app.t, self.view, self.picker) if self.view is not None and self.interactive else []

    def _forget_news(self) -> None:
        self.news.clear()
        self._redraw()

    def hint(self, move: Event) -> None:
        self.picker.hint(move)
        self._redraw()

    # -- drawing ---------------------------------------------------------------
    @property
    def spectating(self) -> bool:
        """A spectator's view: no seat, no hand, nothing to play."""
        return self.view is not None and self.view.seat == SPECTATOR

    @property
    def me(self) -> int:
        """The seat whose hand and workshop are shown (the acting seat in an all-seeing view)."""
        seat = self.shown.seat
        return self.shown.turn if seat is None or seat == SPECTATOR else seat

    @property
    def shown(self) -> KobitoView:
        """The view shown: there is one once the board is drawn (so for every key and click)."""
        assert self.view is not None, "the board has no view yet"
        return self.view

    def hand(self) -> list[CardView]:
        """The shown hand, in display order."""
        return lines.hand_cards(self.shown, self.me)

    def _redraw(self) -> None:
        """Bring each section up to date: only those whose inputs changed are built, only the tokens that changed repaint."""
        view, picker, t = self.view, self.picker, self.app.t
        if view is None:
            return
        if self._stops_of != (view, picker):  # the stops come from the view and the legal moves only
            self._stops_of = view, picker
            self.stops = [("card", card.id) for card in self.hand()]
            for index, rainbow in enumerate(view.workshops[self.me]):
                ends: list[Stop] = [("workshop", index, end) for end in ("left", "right") if picker.movable(index, end)]
                self.stops += ends if len(rainbow) > 1 else ends[:1]  # a lone card is picked once
        self.stop = min(self.stop, max(len(self.stops) - 1, 0))
        cursor = self.stops[self.stop] if self.interactive and self.stops else None
        marks, news, me, spectating = lines.Marks(picker, cursor, t), frozenset(self.news), self.me, self.spectating
        picked = picker.shown
        part = self.parts
        part["table-info"].draw((t, view), lambda: lines.table_info(t, view))
        part["pot-rows"].draw((t, view, picked, news), lambda: lines.pots(t, view, marks, self.news))
        self.mine.display = not spectating
        others = None if spectating else me
        part["opponents"].draw((t, view, others, news), lambda: lines.opponents(t, view, others, self.news))
        you = not self.watching
        part["me"].draw((t, view, me, news, you), lambda: lines.me(t, view, me, self.news, you=you))
        in_workshop, in_hand = (cursor, None) if cursor is not None and cursor[0] == "workshop" else (None, cursor)
        part["workshop"].draw((t, view, picked, in_workshop), lambda: lines.workshop(t, view, me, marks, self.stops))
        part["hand"].draw((t, view, picked, in_hand), lambda: lines.hand(t, self.hand(), marks, self.stops))
        self.end.disabled = not picker.can_end
        self.end.set_class(bool(picker.move_to(END)) or picker.hinted == END, "-ready")
        keys = (self.interactive, spectating)
        if keys != self._keys:  # the footer rebuilds itself (slow): only when what it shows changes
            self._keys = keys
            self.refresh_bindings()
        said = (t, view, picked, self.interactive)
        if self._status is None or self._status[0] != said:
            self._status = said, self.status()
        if self._status[1] != self.status_line:  # the same words need no saying again (a reason said is replaced)
            self.status_line = self._status[1]

    def _picked(self) -> str:
        """The selection in words ("8", "4 5 6"), "" if nothing is picked."""
        picker = self.picker
        selection = picker.selection
        if isinstance(selection, tuple):  # a workshop end card
            _, rainbow, end = selection
            return card_text(self.shown.workshops[self.me][rainbow][0 if end == "left" else -1], True, self.app.t)
        return " ".join(card_text(card, t=self.app.t) for card in self.hand() if card.id in selection)

    # -- input -----------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys the board cannot use now pass on to the screen (Esc opens its menu);
        a spectator has none of them (not in the footer nor the F1 help)."""
        if self.spectating:
            return False
        if action == "clear":
            return bool(self.picker.selection) or None  # still in the F1 help
        return self.interactive or None

    def _pick(self, stop: Stop) -> None:
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
        else:
            self.say(self.app.t("You have no card to pick"))

    def action_toggle(self) -> None:  # type: ignore[override]  # our "toggle" (pick at the cursor) shadows DOMNode's attribute toggle
        if self.stops:
            self._pick(self.stops[self.stop])
        else:
            self.say(self.app.t("You have no card to pick"))

    def action_card(self, number: int) -> None:
        hand, t = len(self.hand()), self.app.t
        if number <= hand:
            self.stop = number - 1
            self._pick(self.stops[self.stop])
        elif hand == 1:
            self.say(t("Your hand holds 1 card: key 1"))
        elif hand:
            self.say(t.n("Your hand holds {count} card: keys 1–{count}", "Your hand holds {count} cards: keys 1–{count}", hand))
        else:
            self.say(t("Your hand is empty"))

    def action_target(self, delta: int) -> None:
        picker = self.picker
        if picker.targets:
            picker.step(delta)
            self._redraw()
        elif picker.selection:
            self.say(words.no_place(self.app.t, self.shown, picker, self._picked()))
        else:
            self._change_row(delta)

    def _change_row(self, delta: int) -> None:
        """With nothing picked, ↑ reaches the workshop's end cards and ↓ the hand."""
        hand = len(self.hand())
        row = range(hand, len(self.stops)) if delta < 0 else range(min(hand, len(self.stops)))
        if row and self.stop not in row:
            self.stop = row[0]
            self._redraw()
        elif delta < 0 and not row:
            self.say(self.app.t("None of your workshop cards can move now: pick from your hand, 1–9"))
        else:
            self.say(words.pick_first(self.app.t))

    def action_pot(self, slot: int) -> None:
        """Point at the pot's next highlighted end."""
        picker, t = self.picker, self.app.t
        if not picker.selection:
            self.say(words.pick_first(t))
            return
        targets = [t for t in picker.targets if t[0] == "pot" and t[1] == slot]
        if not targets:
            picker.point_nowhere()  # Enter must not play on the place chosen before
            self._redraw()
            reason = words.not_there(t, picker, self._picked(), words.pot_place(t, slot))
            # Translators: {reason} says why the pick does not go to the pot asked for.
            self.say(t("{reason}: ↑↓ show where it fits", reason=reason) if picker.targets else reason)
            return
        current = picker.current
        picker.point(targets[(targets.index(current) + 1) % len(targets)] if current in targets else targets[0])
        self._redraw()

    def action_play(self) -> None:
        picker, t = self.picker, self.app.t
        target = picker.current
        if target is not None:
            self._choose(picker.move_to(target))
        elif not picker.selection:
            self.say(words.pick_first(t))
        elif not picker.targets:
            self.say(words.no_place(t, self.shown, picker, self._picked()))
        else:
            # Translators: a/b/c are the pots' keys: keep them Latin.
            self.say(t("Choose a highlighted place first: ↑↓, a/b/c, or click it"))

    def action_end_turn(self) -> None:
        move = self.picker.end_move()
        if move is None:
            self.say(words.why_no_end(self.app.t, self.shown, self.picker))
        self._choose(move)

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
        elif event.what in ("pot", "rainbow"):
            self._row_clicked(event.what, event.index)
        elif event.what == "seat":
            name = self.shown.names[event.index]
            self.say(self.app.t("{name}'s row: cards go to the pots or your own workshop only", name=name))

    def _row_clicked(self, kind: str, index: int) -> None:
        """A click on a pot's or an own rainbow's row, not on a place: its place, if the pick fits there."""
        picker, t = self.picker, self.app.t
        where = words.pot_place(t, index) if kind == "pot" else words.rainbow_place(t, index)
        if not picker.selection:
            ends = [stop for stop in self.stops if stop[:2] == ("workshop", index)] if kind == "rainbow" else []
            if ends:  # a rainbow's end card is what one picks there
                self.stop = self.stops.index(ends[0])
                self._pick(ends[0])
            else:
                self.say(t("Click a card of your hand first, then {where}", where=where))
            return
        places = [t for t in picker.targets if t[:2] == (kind, index)]
        current = picker.current
        if not places:
            self.say(words.not_there(t, picker, self._picked(), where))
        elif len(places) == 1 or current in places:
            self._choose(picker.move_to(places[0] if len(places) == 1 or current is None else current))
        else:
            picker.point(places[0])
            self._redraw()
            self.say(t("Both ends of {where} fit: click one, or Enter for the highlighted", where=where))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "end-turn":
            event.stop()
            self.action_end_turn()


def _section(ident: str, title: str) -> Vertical:
    section = Vertical(id=ident)
    section.border_title = title
    return section
