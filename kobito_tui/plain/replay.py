"""A saved game told again, one event a line: an empty line or next for the next event, back,
end; the state commands show the moment reached.  A finished game shows everything; an
unfinished one only its one human's view (``core.replay`` refuses the rest).  Where an analysis
is kept beside the save (``kobito analyse FILE``), each turn's verdict follows the turn."""

from __future__ import annotations

from collections.abc import Iterable

from kobito_tui.analysis.report import Report
from kobito_tui.analysis.verdicts import verdict_words
from kobito_tui.core.message import Message
from kobito_tui.core.record import Record
from kobito_tui.core.replay import ReplayCursor
from kobito_tui.i18n import Translator, words
from kobito_tui.i18n.messages import say
from kobito_tui.i18n.seats import Seats, local_player

from .lines import Lines
from .table_words import WORDS, help_lines, rules_lines, who_lines
from .vocabulary import command_words


class ReplayWalk:
    """``record`` stepped through, for the reader at ``lines``."""

    def __init__(self, lines: Lines, t: Translator, record: Record, report: Report | None = None) -> None:
        self.lines, self.t = lines, t
        self.cursor = ReplayCursor(record)
        self.verdicts = {} if report is None else {turn.end: turn for turn in report.turns}  # by where each turn ends
        self.header = self.cursor.header
        self.seat = self.cursor.perspectives[0] if self.cursor.perspectives else None
        self.who = Seats(t, self.header.seats, local_player(self.header.seats))
        self.words = WORDS[self.header.game]
        self.commands = command_words(t, replay=True)

    def run(self) -> int:
        """Step until the reader quits or the input ends; 1 for a game that cannot be replayed."""
        t, cursor = self.t, self.cursor
        refusal = words.replay_refusal(t, self.header, cursor.over)
        if refusal is not None:
            self.lines.say(refusal)
            return 1
        names = words.names(t, [self.who.label(seat) for seat in range(self.header.players)])
        self.lines.say(t("Replay of {game}: {names}. Say help for the commands.", game=words.game_title(t, self.header.game), names=names))
        self._say(line for _, line in cursor.lines_before(cursor.position, self.seat, cursor.position))
        while (line := self.lines.read(t)) is not None:
            if not isinstance(line, str):
                self.lines.say(line.why)
                continue
            command = self.commands.meaning(line.strip()) if line.strip() else "next"
            if command == "quit":
                break
            self._command(command, line.strip())
        return 0

    def _say(self, lines: Iterable[Message]) -> None:
        self.lines.say(*(say(self.t, line, self.header.seats, self.who.reader) for line in lines))

    def _command(self, command: str | None, text: str) -> None:
        t, cursor = self.t, self.cursor
        if command == "next":
            after = cursor.next_line(cursor.position, self.seat)
            if after is None:
                self.lines.say(t("That was the last event."))
                return
            was = cursor.position
            cursor.jump(after)
            self._say(line for _, line in cursor.lines_before(after, self.seat, 1))
            for end in range(was + 1, after + 1):
                if end in self.verdicts:
                    self.lines.say(verdict_words(t, self.cursor.record, self.who, self.verdicts[end]))
        elif command == "back":
            before = cursor.lines_before(cursor.position, self.seat, 2)
            if len(before) < 2:
                cursor.jump(cursor.start)
                self.lines.say(t("This is the start of the game."))
                return
            cursor.jump(before[0][0])
            self._say([before[0][1]])
        elif command == "end":
            cursor.jump(cursor.length)
            result = cursor.game.result(cursor.state)
            if result is not None and result.summary is not None:
                self.lines.say(say(t, result.summary, self.header.seats, self.who.reader))
            self.lines.say(t("That was the last event."))
        elif command in self.words.commands:
            self.lines.say(*self.words.state(command, t, cursor.view(self.seat), self.who))
        elif command == "who":
            self.lines.say(*who_lines(t, self.header, self.who, cursor.to_act))
        elif command == "rules":
            self.lines.say(*rules_lines(t, self.header))
        elif command == "help":
            self.lines.say(*help_lines(t, self.commands, self.words, replay=True))
        elif command is None:
            self.lines.say(t("I do not know the word {word}; say help for the commands.", word=text))
        else:
            self.lines.say(t("That command is not for this game; say help for the commands."))
