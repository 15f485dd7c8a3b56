""" "You" in the second person, seats as roles: the reader's own seat is "you" with
second-person verbs in every language, chosen by perspective; an unnamed seat is worded
in the reader's language ("Computer 2", «Комп’ютер 2»); old files with default names load."""

from __future__ import annotations

import json
import re

import pytest

from kobito_tui.cli import main
from kobito_tui.core.game import Seat
from kobito_tui.core.message import Message
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.savefile import dumps, load, save
from kobito_tui.i18n import translator
from kobito_tui.i18n.catalogs import TRANSLATED, po_path, read
from kobito_tui.i18n.messages import english, say
from kobito_tui.i18n.msgids import YOU
from kobito_tui.i18n.seats import Seats, local_player, reader_of, typed_name

PRONOUN = re.compile(r"\b(?:Ви|ви|Вы|вы)\b((?:\s+(?:не|вже|уже|ще|ещё|одразу|сразу|та|и|і|з|{\w+}))*)\s+([а-яєіїґё’]+)", re.IGNORECASE)
SECOND_PERSON = ("те", "тесь", "теся", "ли", "лися", "лись")
"""How a Ukrainian or Russian verb after «Ви/Вы» ends: present or future «-те», past «-ли»."""
NOT_VERBS = {"за", "глядач", "зритель", "должны"}
"""Words after «Ви/Вы» in the catalogs that are no verb («Ви не за столом», «ви глядач») or agree as
adjectives do («Вы должны»)."""


def third_person_after_you(text: str) -> list[str]:
    """The words right after «Ви»/«Вы» (particles skipped) that are not second-person verbs."""
    return [word for _, word in PRONOUN.findall(text) if not word.endswith(SECOND_PERSON) and word not in NOT_VERBS]


def test_the_check_catches_third_person_verbs():
    assert third_person_after_you("Ви перемагає!") == ["перемагає"]
    assert third_person_after_you("Вы кладёт на левый край") == ["кладёт"]
    assert third_person_after_you("Ви та {names} перемагаєте! Вы не можете.") == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_you_message_has_a_third_person_translation(repo, lang):
    """Every message of the reader's own seat (context "you") is translated, none with a
    third-person verb after «Ви/Вы», and no other message pairs «Ви/Вы» with one either."""
    catalog = read(po_path(repo, lang), lang)
    mine = [message for message in catalog if message.id and message.context == YOU]
    assert len(mine) > 40
    wrong = {}
    for message in catalog:
        if not message.id:
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.context == YOU:
            assert all(texts) and not message.fuzzy, message.id
        bad = [word for text in texts for word in third_person_after_you(text)]
        if bad:
            wrong[message.id if isinstance(message.id, str) else message.id[0]] = bad
    assert wrong == {}


def test_the_uk_apostrophe_is_one_character(repo):
    """Ukrainian words take ’ (U+2019), never the typewriter ' (Комп’ютер, об’єкт)."""
    inside = re.compile(r"[а-яєіїґ]'[а-яєіїґ]", re.IGNORECASE)
    catalog = read(po_path(repo, "uk"), "uk")
    texts = [text for m in catalog if m.id for text in (m.string if isinstance(m.string, tuple) else (m.string,))]
    pages = [path.read_text(encoding="utf-8") for path in (repo / "kobito_tui" / "app").glob("*.uk.md")]
    assert [text for text in texts + pages if inside.search(text)] == []


PLAY = Message("kobito.play", {"seat": 0, "card": "7a", "as": None, "pot": 1, "end": "left", "gold": None})
SEATS = (Seat(""), Seat("", "bot", "easy"))


@pytest.mark.parametrize(
    ("lang", "mine", "theirs"),
    [("en", "You played 7 on the left end of pot B.", "Computer 2 played 7 on the left end of pot B."),
     ("uk", "Ви кладете на лівий край горщика B: 7.", "Комп’ютер 2 кладе на лівий край горщика B: 7."),
     ("ru", "Вы кладёте на левый край горшка B: 7.", "Компьютер 2 кладёт на левый край горшка B: 7.")],
)  # fmt: skip  # arguments grouped a few a line by meaning
def test_the_same_move_reads_you_to_its_player_and_a_name_to_others(lang, mine, theirs):
    t = translator(lang)
    other = Message(PLAY.id, {**PLAY.params, "seat": 1})
    assert (say(t, PLAY, SEATS, 0), say(t, other, SEATS, 0)) == (mine, theirs)
    named = (Seat("Ann"), SEATS[1])  # a typed name too: its own player reads "you"
    assert say(t, PLAY, named, 0) == mine and say(t, PLAY, named, 1).startswith("Ann ")


def test_a_spectator_reads_every_seat_by_its_name_or_role():
    t = translator("uk")
    assert say(t, PLAY, SEATS) == "Гравець 1 кладе на лівий край горщика B: 7."
    assert Seats(t, SEATS).labels() == ["Гравець 1", "Комп’ютер 2"]
    assert Seats(t, SEATS, 0).labels() == ["Ви", "Комп’ютер 2"]


def test_the_reader_is_the_human_at_the_keys_and_in_a_replay_the_only_human():
    computers = (Seat("", "bot", "easy"), Seat("", "bot", "easy"))
    humans = (Seat("Ann"), Seat("Bob"))
    assert [reader_of(SEATS, seat) for seat in (0, 1, None)] == [0, None, None]
    assert [reader_of(humans, seat) for seat in (0, 1, None)] == [0, 1, None]
    assert (local_player(SEATS), local_player(humans), local_player(computers)) == (0, None, None)


def test_hostile_seat_numbers_show_as_seats_not_crashes():
    t = translator("ru")
    assert say(t, Message("kobito.play", {**PLAY.params, "seat": 7}), SEATS, 0).startswith("место 7 ")
    assert say(t, Message("kobito.won", {"winners": ["x"], "score": 3}), SEATS, 0) == "Побеждает место 'x': 3 очка."
    assert say(t, Message("kobito.won", {"winners": 5, "score": 3}), SEATS, 0) == "kobito.won"


def test_a_name_box_left_at_its_default_stores_no_name():
    for lang in ("en", "uk", "ru"):
        t = translator(lang)
        assert typed_name(t, 0, t("You")) == "" and typed_name(t, 2, t("Computer {number}", number=3)) == ""
        assert typed_name(t, 1, " Ann ") == "Ann"


def old_save(tmp_path, names: list[str], name: str = "old.jsonl"):
    """A save file as versions before roles wrote it: the default names as text."""
    header = new_header("kobito", (Seat("Ann"), Seat("", "bot", "easy")), seed=3)
    line, *rest = dumps(Record(header)).splitlines()
    fields = json.loads(line)
    fields["seats"] = [{**seat, "name": name} for seat, name in zip(fields["seats"], names)]
    path = tmp_path / name
    path.write_text("\n".join([json.dumps(fields, ensure_ascii=False), *rest]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("names", [["You", "Computer 2"], ["Вы", "Компьютер 2"], ["Ви", "Комп'ютер 2"]])
def test_old_saves_with_default_names_load_as_roles_and_pass_check(tmp_path, names, capsys):
    path = old_save(tmp_path, names)
    assert main(["check", str(path)]) == 0
    header = load(path).header
    assert [seat.name for seat in header.seats] == ["", ""]
    en = translator("en")
    assert Seats(en, header.seats, 0).labels() == ["You", "Computer 2"]
    save(tmp_path / "again.jsonl", load(path))  # written back as roles, read back the same
    assert load(tmp_path / "again.jsonl").header.seats == header.seats
    assert main(["check", str(tmp_path / "again.jsonl")]) == 0


def test_a_typed_name_that_is_not_a_default_stays(tmp_path):
    path = old_save(tmp_path, ["Computer 2", "You"])  # not what those seats were called: typed
    assert [seat.name for seat in load(path).header.seats] == ["Computer 2", "You"]
    assert [seat.name for seat in parse_players("Ann,bot")] == ["Ann", ""]


def test_the_table_warnings_are_messages_in_the_reader_language():
    uk = translator("uk")
    failed = Message("computer.failed", {"error": "boom", "seat": 1})
    assert say(uk, failed, SEATS, 0) == "Комп’ютер не впорався (boom); за Комп’ютер 2 тепер грає випадковий."
    assert english(Message("computer.unavailable", {"level": "hard", "error": "x"})).startswith("The Hard computer")


@pytest.mark.parametrize(("lang", "pronoun"), [("en", {"you", "your"}), ("uk", {"ви", "ваш"}), ("ru", {"вы", "ваш"})])
def test_every_log_line_about_the_readers_seat_says_you_with_its_verb(lang, pronoun):
    """Random games of both games, each seat reading its own log: a line about its own move
    says "you" in the second person, a line about another seat never does (unless it ends the
    game in the reader's favour, or lists every seat's colour)."""
    from .test_messages import games, walk

    t, met = translator(lang), set()
    for header, events in games():
        for seat in range(header.players):
            for message, _, _ in walk(header, events, seat):
                subject = next((message.params[key] for key in ("seat", "player", "first") if key in message.params), None)
                text = say(t, message, header.seats, seat)
                assert "{" not in text and not third_person_after_you(text), text
                if subject == seat:
                    met.add(message.id)
                    assert pronoun & set(re.findall(r"\w+", text.lower())), text
                elif subject is not None and message.id != "treasure.setup" and "result" not in message.params:
                    assert not pronoun & set(re.findall(r"\w+", text.lower())), text
    assert len(met) >= 10, met
