"""A live game in lines: one reader at the keys, or several in turn (hot seat).

The door is a client of the table like the app (:class:`~kobito_tui.client.game.GameClient`):
each human seat here has its own perspective, and the lines of a perspective are said only
while that seat is to move (or once the game is over).  With several people at the keys the
turn is handed over first ("Pass the keys to Bob"), and the new reader hears what happened
since their last turn: another seat's hand never reaches the screen while it is not theirs.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout

from kobito_tui.client.game import GameClient
from kobito_tui.client.hosts import Host
from kobito_tui.core.message import Message
from kobito_tui.core.safetext import printable
from kobito_tui.i18n import Translator, words
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats
from kobito_tui.table import Hint, Perspective, Refusal, Refused

from .choices import Choice, matching
from .lines import Lines
from .table_words import WORDS, help_lines, rules_lines, who_lines
from .vocabulary import command_words

LISTED = 30  # choices a list says at most
HINT_WAIT_S = 60.0  # how long a hint may take


class PlainGame:
    """``host``'s game for the readers at ``lines``; ``on_quit`` says where the game stays."""

    def __init__(self, lines: Lines, t: Translator, host: Host, on_quit: Callable[[], list[str]]) -> None:
        self.lines, self.t, self.host, self.on_quit = lines, t, host, on_quit
        self.client = GameClient(host)
        self.header = host.header
        self.words = WORDS[self.header.game]
        self.vocabulary = self.words.vocabulary(t)
        self.commands = command_words(t)
        self.changed = threading.Event()
        self.seen: dict[Perspective, int] = {}  # log lines said, by perspective
        self.offered: list[Choice] = []  # the numbered list said last
        self.hinted: Hint | None = None
        self.prompted: tuple[int | None, int] | None = None  # (seat, revision) of the last prompt
        self.last_line = ""  # the last log line said
        self.notices: deque[Message | None] = deque()  # from other threads: a computer's failure, or None: the save's news
        self.told: str | None = None  # the save failure said last
        self.hot_seat = len(self.client.seats) > 1

    # -- the loop -----------------------------------------------------------------
    def run(self) -> None:
        """Play until the game is over, the reader quits or the input ends."""
        self.client.subscribe(lambda update: self.changed.set())
        self.host.watch(lambda: self._notice(None), self._notice)
        self.host.start()
        try:
            self._play()
        finally:
            self.client.close()

    def _play(self) -> None:
        t = self.t
        if len(self.client.seats) == 1:
            self.client.seat = self.client.seats[0]
        names = words.names(t, [self.who.label(seat) for seat in range(self.header.players)])
        self.lines.say(t("{game}: {names}. Say help for the commands.", game=words.game_title(t, self.header.game), names=names))
        while True:
            self._take_updates()
            latest = self.client.latest
            if latest is not None and latest.over:
                self._say_log(self.client.perspective(self.client.seat))
                result = latest.result
                ending = say(t, result.summary, self.header.seats, self.client.seat) if result and result.summary else t("Game over")
                if ending not in self.last_line:  # the last move's line may say it already
                    self.lines.say(ending)
                self.lines.say(*self.on_quit())
                return
            to_act = None if latest is None else latest.to_act
            if to_act is not None and to_act in self.client.seats:
                if self.client.seat != to_act and not self._hand_over(to_act):
                    return
                self._say_log(self.client.perspective(to_act))
                if not self._turn():
                    self.lines.say(*self.on_quit())
                    return
            else:
                if not self.hot_seat:
                    self._say_log(self.client.perspective(self.client.seat))
                self.changed.wait(0.5)

    @property
    def who(self) -> Seats:
        return Seats(self.t, self.header.seats, self.client.seat)

    def _notice(self, message: Message | None) -> None:
        self.notices.append(message)
        self.changed.set()

    def _say_notices(self) -> None:
        """What went wrong meanwhile: a computer that failed; a save that failed (once per reason)."""
        while self.notices:
            message = self.notices.popleft()
            if message is not None:
                self.lines.say(say(self.t, message, self.header.seats, self.client.seat))
                continue
            error = None if self.host.session is None else self.host.session.save_error
            reason = None if error is None else printable(error)
            if reason is not None and reason != self.told:
                self.lines.say(self.t("The game could not be saved: {reason}", reason=reason))
            self.told = reason

    def _take_updates(self) -> None:
        self.changed.clear()
        self._say_notices()
        at_keys = self.client.perspective(self.client.seat) if self.client.seat is not None else None
        for update in self.client.waiting():
            self.client.apply(update)
            log = self.client.histories[update.perspective].log
            self.seen[update.perspective] = min(self.seen.get(update.perspective, 0), len(log))
            if update.perspective == at_keys:
                for entry in update.taken_back:
                    self.lines.say(self.t("Taken back: {line}", line=say(self.t, entry, self.header.seats, self.client.seat)))

    def _say_log(self, perspective: Perspective) -> None:
        """Say the log lines of ``perspective`` not said yet."""
        log = self.client.histories[perspective].log
        said = [say(self.t, entry, self.header.seats, self.client.seat) for entry in log[self.seen.get(perspective, 0) :]]
        self.lines.say(*said)
        self.seen[perspective] = len(log)
        self.last_line = said[-1] if said else self.last_line

    def _hand_over(self, seat: int) -> bool:
        """Hot seat: the keys go to ``seat``'s player, who says when the others cannot see."""
        name = Seats(self.t, self.header.seats).name(seat)
        self.lines.say(self.t("Pass the keys to {name}. {name}, press Enter when only you can see the screen.", name=name))
        line = self.lines.read(self.t)
        if line is None or isinstance(line, str) and self.commands.meaning(line.strip()) == "quit":
            self.lines.say(*self.on_quit())
            return False
        self.client.seat = seat
        self.offered, self.hinted = [], None
        self.lines.say(self.t("{name}, your turn. What happened since your last turn:", name=name))
        return True

    # -- one line of the reader's ---------------------------------------------------
    def _turn(self) -> bool:
        """Read and answer one line; False when the reader quits (or the input ends)."""
        update = self.client.latest
        assert update is not None
        if self.prompted != (self.client.seat, update.revision):  # said again only once something changed
            self.lines.say(self.words.prompt(self.t, update.view))
            self.prompted = (self.client.seat, update.revision)
        line = self.lines.read(self.t)
        if line is None:
            return False
        if not isinstance(line, str):
            self.lines.say(line.why)
            return True
        return self._answer(line.strip())

    def _answer(self, text: str) -> bool:
        t = self.t
        if not text:
            return self._enter()
        said = text.split()
        if len(said) == 1 and said[0].isdigit() and self.offered:
            number = int(said[0])
            if 1 <= number <= len(self.offered):
                self._play_choice(self.offered[number - 1])
                return True
            self.lines.say(t("Pick a number from 1 to {count}.", count=len(self.offered)))
            return True
        command = self.commands.meaning(said[0]) if len(said) == 1 else None
        if command is not None:
            return self._command(command)
        meanings = []
        for word in said:
            meaning = self.vocabulary.meaning(word)
            if meaning is None and self.commands.meaning(word) is not None:
                self.lines.say(t("{word} is a command: say it on a line of its own.", word=word))
                return True
            if meaning is None:
                self.lines.say(t("I do not know the word {word}; say help for the words of a move.", word=word))
                return True
            meanings.append(meaning)
        parts = self.words.parts(meanings)
        if not parts:
            self.lines.say(t("Say a move, moves for the list, or help."))
        for wanted in parts:
            update = self.client.latest
            assert update is not None
            if not self.client.to_move:
                break
            found = matching(self.words.choices(t, update.view, update.legal), wanted)
            if not found:
                self.lines.say(self.words.why_none(t, update.view, wanted))
                break
            if len(found) > 1:
                self._offer(found)
                break
            self._play_choice(found[0])
        return True

    def _enter(self) -> bool:
        update = self.client.latest
        assert update is not None
        if self.hinted is not None and self.client.hint_fits(self.hinted):
            choice = self._chosen(self.hinted)
            if choice is not None:
                self._play_choice(choice)
            return True
        choices = self.words.choices(self.t, update.view, update.legal)
        if len(choices) == 1:
            self._play_choice(choices[0])
            return True
        self.lines.say(self.words.prompt(self.t, update.view), self.t("Say a move, moves for the list, or help."))
        return True

    def _offer(self, choices: list[Choice]) -> None:
        """The choices said, numbered (at most :data:`LISTED`: more words narrow a longer list)."""
        self.offered = choices[:LISTED]
        self.lines.say(self.t("Which one? Say its number:"))
        self.lines.say(*(f"{number}: {choice.words}" for number, choice in enumerate(choices[:LISTED], 1)))
        if len(choices) > LISTED:
            self.lines.say(self.t("… and {count} more: say more of the move.", count=len(choices) - LISTED))

    def _play_choice(self, choice: Choice) -> None:
        """Play ``choice``, or say why the table did not take it."""
        update = self.client.latest
        assert update is not None
        refusal = self.client.submit(choice.move)
        self.offered, self.hinted = [], None
        if refusal is not None:
            self._refused(refusal)
            return
        self._await(update.revision)
        latest = self.client.latest
        if self.hot_seat and latest is not None and latest.to_act != self.client.seat and not latest.over:
            self._say_public()
        else:
            self._say_log(self.client.perspective(self.client.seat))

    def _say_public(self) -> None:
        """Hot seat, the turn gone to another: the new lines of the seat at the keys that another person
        here reads the same (its move), up to the first that only it may read (its draw), which waits
        for its next turn."""
        mine = self.client.perspective(self.client.seat)
        log = self.client.histories[mine].log
        others = [entry for perspective, history in self.client.histories.items() if perspective != mine for entry in history.log]
        start = self.seen.get(mine, 0)
        public = 0
        while start + public < len(log) and log[start + public] in others:
            public += 1
        self.lines.say(*(say(self.t, entry, self.header.seats, self.client.seat) for entry in log[start : start + public]))
        self.seen[mine] = start + public
        if start + public < len(log):
            self.lines.say(self.t("Your turn is over; you hear what came of it at your next turn."))

    def _await(self, revision: int) -> None:
        """Until the update after ``revision`` has come (a local table sends it at once)."""
        while True:
            self._take_updates()
            latest = self.client.latest
            if latest is not None and latest.revision > revision:
                return
            self.changed.wait(0.5)

    def _refused(self, refusal: Refusal) -> None:
        self.lines.say(say(self.t, refusal, self.header.seats, self.client.seat))

    # -- commands -------------------------------------------------------------------
    def _command(self, command: str) -> bool:
        t, update = self.t, self.client.latest
        assert update is not None
        if command == "quit":
            return False
        if command in self.words.commands:
            self.lines.say(*self.words.state(command, t, update.view, self.who))
        elif command == "who":
            self.lines.say(*who_lines(t, self.header, self.who, update.to_act))
        elif command == "help":
            self.lines.say(*help_lines(t, self.commands, self.words))
        elif command == "rules":
            self.lines.say(*rules_lines(t, self.header))
        elif command == "moves":
            choices = self.words.choices(t, update.view, update.legal)
            self.offered = choices
            self.lines.say(*(f"{number}: {choice.words}" for number, choice in enumerate(choices, 1)))
        elif command == "hint":
            self._hint()
        elif command == "undo":
            self.offered, self.hinted = [], None
            refusal = self.client.undo()
            if refusal is not None:
                self._refused(refusal)
            else:
                self._await(update.revision)
        else:
            self.lines.say(t("That command is not for this game; say help for the commands."))
        return True

    def _hint(self) -> None:
        t = self.t
        try:
            hint = self.client.hint().result(HINT_WAIT_S)
        except Refused as refused:
            self._refused(refused.refusal)
            return
        except (FutureTimeout, Exception):  # a broken or slow computer: the reader plays on
            self.lines.say(t("No hint came; try again, or play on."))
            return
        choice = self._chosen(hint)
        if choice is not None:
            self.hinted = hint
            self.lines.say(t("Hint: {move}. An empty line plays it.", move=choice.words))

    def _chosen(self, hint: Hint) -> Choice | None:
        """The hinted move in words (the very move: of two equal cards, the one the hint names)."""
        update = self.client.latest
        assert update is not None
        if hint.move not in update.legal:
            return None
        return self.words.choices(self.t, update.view, [hint.move])[0]
