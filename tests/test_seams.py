"""The seams of issue 35: games found with nothing imported first, each rule option
declared once (its words and its parsing read from that one declaration), and the
player-count rule written in one function that every caller asks."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from enum import StrEnum
from pathlib import Path

import pytest
from toygame import TOY

from kobito_tui.cli import build_parser
from kobito_tui.core import game as core_game
from kobito_tui.core import games as registry
from kobito_tui.core import record
from kobito_tui.core.game import OptionError, Seat, check_players
from kobito_tui.core.record import new_header
from kobito_tui.core.savefile import SaveError, dumps, loads
from kobito_tui.games import GAMES, game_ids, get_game
from kobito_tui.i18n import translator
from kobito_tui.i18n.extract import messages
from kobito_tui.i18n.messages import english_error, say
from kobito_tui.i18n.options import option_help, option_label, option_value
from kobito_tui.serve import lobby as lobby_module
from kobito_tui.serve import protocol
from kobito_tui.serve.lobby import Lobby, Visitor

REPO = Path(__file__).resolve().parent.parent
LANGS = ("en", "uk", "ru")
EXAMPLE = REPO / "saves" / "kobito-2-players.jsonl"


# 1. Games found without an import's side effect


def test_a_fresh_interpreter_loads_a_save_with_nothing_imported_first():
    """``savefile.load`` in a new process, before anything has named a game: the games are found
    on the first lookup, and importing the program's list of games registers nothing by itself."""
    script = f"""
import sys
from kobito_tui.core import games
from kobito_tui.core.savefile import load
assert "kobito_tui.games" not in sys.modules and games.REGISTRY == {{}}, "registered before any lookup"
loaded = load({str(EXAMPLE)!r})
print(loaded.header.game, len(loaded.events), ",".join(games.game_ids()))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 0, done.stderr
    game, events, ids = done.stdout.split()
    assert (game, ids) == ("kobito", "kobito,treasure") and int(events) > 0


def test_the_program_declares_its_games_once_and_the_core_finds_them_by_that_name():
    assert registry.PROGRAM_GAMES == "kobito_tui.games"
    assert tuple(game.id for game in GAMES) == game_ids()[: len(GAMES)] == ("kobito", "treasure")
    assert all(get_game(game.id) is game for game in GAMES)


def test_a_game_registered_before_the_first_lookup_keeps_its_place_after_the_programs(monkeypatch):
    monkeypatch.setattr(registry, "REGISTRY", {"toy": TOY})
    monkeypatch.setattr(registry, "_loaded", False)
    assert registry.game_ids() == ("kobito", "treasure", "toy") and registry.get_game("toy") is TOY
    monkeypatch.setattr(registry, "REGISTRY", {})
    monkeypatch.setattr(registry, "_loaded", False)
    registry.register(TOY)
    assert registry.game_ids() == ("kobito", "treasure", "toy")


def test_an_unknown_game_is_a_key_error_that_names_the_known_ones():
    with pytest.raises(KeyError, match="'chess'.*known: kobito, treasure"):
        get_game("chess")


def _chess_file() -> str:
    header, *events = EXAMPLE.read_text(encoding="utf-8").splitlines()
    return "\n".join([header.replace('"game":"kobito"', '"game":"chess"'), *events]) + "\n"


def test_a_file_of_an_unknown_game_names_the_known_ones_in_every_language():
    with pytest.raises(SaveError) as caught:
        loads(_chess_file(), "chess.jsonl")
    message = caught.value.message
    assert (message.id, message.params) == ("save.unknown-game", {"game": "chess", "known": ["kobito", "treasure"]})
    said = {lang: say(translator(lang), message) for lang in LANGS}
    assert said["en"] == "unknown game 'chess' (the games known: 'kobito', 'treasure')"
    assert said["uk"].startswith("невідома гра 'chess'") and said["ru"].startswith("неизвестная игра 'chess'")
    assert all("'kobito', 'treasure'" in text for text in said.values())
    assert english_error(caught.value) == "chess.jsonl:1: " + said["en"]


def test_an_unknown_game_message_from_before_the_known_were_named_is_still_worded():
    from kobito_tui.core.message import Message

    assert say(translator("uk"), Message("save.unknown-game", {"game": "chess"})) == "невідома гра 'chess'"


# 2. An option declared once


def _specs() -> list[tuple[str, core_game.OptionSpec]]:
    return [(game_id, spec) for game_id in game_ids() for spec in get_game(game_id).option_specs()]


@pytest.mark.parametrize("lang", LANGS)
def test_each_options_declaration_drives_its_words(lang):
    """Label, help and every string choice are worded from the declaration's own message ids."""
    t = translator(lang)
    for game_id, spec in _specs():
        label, help_text = option_label(t, game_id, spec), option_help(t, game_id, spec)
        assert (label, help_text) == (t.text(core_text(spec.label)), t.text(core_text(spec.help)))
        assert (label == spec.label) == (lang == "en") and (help_text == spec.help) == (lang == "en"), spec.name
        for choice in spec.choices:
            if isinstance(choice, str):
                words = option_value(t, spec.name, choice)
                assert words == t.text(core_text(str(choice), spec.context))
                assert (words == choice) == (lang == "en"), (spec.name, choice)


def core_text(text: str, context: str | None = None):
    from kobito_tui.i18n.msgids import Text

    return Text(text, context=context)


@pytest.mark.parametrize("module", ["kobito", "treasure"])
def test_the_catalog_takes_each_options_words_from_its_declaration(module):
    """What the extractor reads of an engine's options module is exactly its declarations' words."""
    path = REPO / "kobito_tui" / module / "options.py"
    keywords = {"message": None, "context": None}
    found = {arguments for _, _, arguments, _ in messages(io.BytesIO(path.read_bytes()), keywords, ("Translators:",), {})}
    specs = get_game(module).option_specs()
    wanted = {(spec.label,) for spec in specs} | {(spec.help,) for spec in specs if spec.help}
    wanted |= {(spec.context, str(choice)) for spec in specs for choice in spec.choices if isinstance(choice, str)}
    assert found == wanted


def test_each_choice_is_an_enum_member_whose_string_files_and_the_command_line_keep():
    parser = build_parser()
    for game_id, spec in _specs():
        for choice in spec.choices:
            if not isinstance(choice, str):
                continue
            assert isinstance(choice, StrEnum), (spec.name, choice)
            args = parser.parse_args(["new", game_id, "-o", f"{spec.name}={choice}"])
            options = dict(args.option)
            assert options == {spec.name: str(choice)} and type(options[spec.name]) is str
            normalized = get_game(game_id).normalize_options(options, 2)
            assert normalized[spec.name] is choice  # the rules compare members
            header = new_header(game_id, (Seat("Ann"), Seat("Bob")), options, seed=1)
            assert type(header.options[spec.name]) is str and header.options[spec.name] == str(choice)
            assert json.loads(json.dumps(header.options))[spec.name] == str(choice)


def test_the_kobito_gold_table_names_are_its_tables():
    from kobito_tui.kobito.cards import GOLD_TABLES
    from kobito_tui.kobito.options import GoldTable

    assert [str(name) for name in GoldTable] == list(GOLD_TABLES)


def test_the_example_saves_load_unchanged_and_their_rules_hold_members():
    for path in sorted((REPO / "saves").glob("*.jsonl")):
        text = path.read_text(encoding="utf-8")
        loaded = loads(text, str(path))
        assert not any(isinstance(value, StrEnum) for value in loaded.header.options.values())  # plain data
        assert dumps(loaded) == text  # the same bytes
        state = record.fold(loaded.game, loaded.header, loaded.events)
        assert all(not isinstance(value, str) or isinstance(value, StrEnum) for value in state.options.values())


# 3. The player-count rule in one place


def test_the_player_count_rule_is_one_function_that_every_caller_asks(monkeypatch):
    asked: list[tuple[str, int]] = []
    real = check_players

    def spy(game, count):
        asked.append((game.id, count))
        real(game, count)

    assert record.check_players is lobby_module.check_players is real
    monkeypatch.setattr(record, "check_players", spy)
    monkeypatch.setattr(lobby_module, "check_players", spy)
    with pytest.raises(OptionError) as caught:
        new_header("kobito", tuple(Seat(f"P{n}") for n in range(7)))
    assert caught.value.message.params == {"game": "kobito", "min": 2, "max": 6, "count": 7}
    lobby = Lobby(away_before_give_s=60, clock=lambda: 1000.0, new_id=lambda: "t1")
    refused = lobby.create(Visitor("guest:a", "Ann"), protocol.CreateTable(1, "treasure", ["open"] * 5))
    assert refused.id == "bad-options" and refused.params["why"]["id"] == "options.players"
    assert asked == [("kobito", 7), ("treasure", 5)]


@pytest.mark.parametrize("game_id", ["kobito", "treasure"])
def test_the_engines_refuse_a_player_count_by_the_same_rule(game_id):
    game = get_game(game_id)
    for count in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(OptionError) as by_engine:
            game.normalize_options({}, count)
        with pytest.raises(OptionError) as by_rule:
            check_players(game, count)
        assert by_engine.value.message == by_rule.value.message
    check_players(game, game.min_players)
    check_players(game, game.max_players)
