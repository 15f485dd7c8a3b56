"""The game client, without a screen: the history it keeps of each perspective (each delta
applied once, nothing but what that perspective's updates carried), whose turn it is, what
the seat at the keys may do and why not (the table's refusals: undo's limits too)."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from app_kobito.drive import quick_player

from kobito_tui.client import HINT, MOVE, REDO, UNDO, GameClient, LocalHost, RemoteHost, Request
from kobito_tui.core.game import Event, Header
from kobito_tui.core.record import Record, new_header, parse_players
from kobito_tui.core.session import Session
from kobito_tui.i18n import translator
from kobito_tui.i18n.messages import say
from kobito_tui.serve import protocol
from kobito_tui.serve.client import RemoteTable
from kobito_tui.table import PUBLIC, History, Refusal, Refused, SeatPerspective, Table, Update
from kobito_tui.table.local import LocalTable
from tests.client.hosts import TableHost


def treasure(players: str, seed: int = 5, **options: object) -> Header:
    return new_header("treasure", parse_players(players), options, seed)


def kobito(players: str = "Ann,bot:random", seed: int = 5) -> Header:
    return new_header("kobito", parse_players(players), {"first_player": 0}, seed)


def following(client: GameClient) -> Callable[[], None]:
    """Subscribe ``client``; the returned call applies what came (as the screen's loop does) and shows the seat to act."""
    client.subscribe(lambda update: None)

    def catch_up() -> None:
        for update in client.waiting():
            client.apply(update)
        latest = client.latest
        if latest is not None and latest.to_act in client.seats:
            client.seat = latest.to_act
        elif client.seat is None and client.seats:
            client.seat = client.seats[0]

    catch_up()
    return catch_up


def words(refusal: Refusal | None) -> str:
    assert refusal is not None
    return say(translator("en"), refusal)


# -- the one delta-applier ------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_a_history_kept_from_deltas_is_the_whole_picture_a_late_subscriber_gets(seed: int) -> None:
    """Moves, undos (a move and a whole turn), redos: the history built from each update's
    delta equals the full update a new subscriber of that perspective gets, every time."""
    rng = random.Random(seed)
    table = Table(Record(treasure("Ann,Bob", seed=seed)))
    kept = {seat: History() for seat in range(2)}
    subscriptions = [table.subscribe(SeatPerspective(seat), kept[seat].apply) for seat in range(2)]
    for _ in range(60):
        if table.over:
            break
        seat = table.to_act
        assert seat is not None
        choice = rng.random()
        if choice < 0.2:
            table.undo(seat)
        elif choice < 0.3:
            table.redo(seat)
        else:
            update = kept[seat].update
            assert update is not None
            table.submit(seat, rng.choice(update.legal), table.revision)
        for other in range(2):
            fresh: list[Update] = []
            table.subscribe(SeatPerspective(other), fresh.append).cancel()
            assert kept[other].events == list(fresh[0].history) and kept[other].log == list(fresh[0].log)
            assert kept[other].whole() == fresh[0]
    for subscription in subscriptions:
        subscription.cancel()


def test_each_perspective_keeps_only_what_its_updates_carried() -> None:
    """Hot seat: two perspectives, each with its own redacted history, never the other's."""
    table = Table(Record(kobito("Ann,Bob")))
    client = GameClient(TableHost(table, [0, 1]))
    catch_up = following(client)
    rng = random.Random(2)
    for _ in range(30):
        if table.over:
            break
        assert client.to_move and client.latest is not None
        assert client.submit(rng.choice(client.latest.legal)) is None
        catch_up()
    for seat in (0, 1):
        seen: list[Update] = []
        table.subscribe(SeatPerspective(seat), seen.append).cancel()
        assert client.histories[SeatPerspective(seat)].events == list(seen[0].history)
    assert client.histories[SeatPerspective(0)].events != client.histories[SeatPerspective(1)].events  # hands differ


# -- whose turn, and what the seat may do ------------------------------------------
def test_whose_turn_and_what_may_be_done_follow_the_updates() -> None:
    table = Table(Record(treasure("Ann,Bob", first_player=0)))
    client = GameClient(TableHost(table, [0]))
    catch_up = following(client)
    assert client.seat == 0 and client.to_move
    assert (client.may(UNDO), client.may(REDO), client.may(HINT)) == (False, False, True)
    latest = client.latest
    assert latest is not None
    assert client.submit(latest.legal[0]) is None
    catch_up()
    assert client.may(UNDO) and not client.may(REDO)
    assert client.undo() is None
    catch_up()
    assert not client.may(UNDO) and client.may(REDO)
    assert client.redo() is None
    catch_up()
    assert client.may(UNDO) and not client.may(REDO)


def test_another_seats_turn_is_refused_here_before_the_table_is_asked() -> None:
    table = Table(Record(treasure("Ann,Bob", first_player=1)))
    asked: list[str] = []
    host = TableHost(table, [0])
    host.undo = lambda seat: asked.append("undo")  # type: ignore[method-assign]
    client = GameClient(host)
    following(client)
    assert client.seat == 0 and not client.to_move
    assert [client.may(action) for action in (UNDO, REDO, HINT)] == [False, False, False]
    hint = client.hint().exception()
    for refusal in (client.undo(), client.redo(), hint.refusal if isinstance(hint, Refused) else hint):
        assert isinstance(refusal, Refusal) and refusal.id == "not-your-turn"
    assert words(client.why_not(UNDO)) == "It is not your turn." and not asked


def test_nothing_to_redo_is_known_here() -> None:
    table = Table(Record(treasure("Ann,Bob", first_player=0)))
    client = GameClient(TableHost(table, [0]))
    following(client)
    refusal = client.redo()
    assert isinstance(refusal, Refusal) and refusal.id == "nothing-to-redo"


def test_a_finished_game_allows_nothing() -> None:
    table = Table(Record(treasure("Ann,bot:random", turn_limit=1)))
    client = GameClient(TableHost(table, [0]))
    catch_up = following(client)
    rng = random.Random(1)
    while not table.over:
        seat = table.to_act
        assert seat is not None
        table.submit(seat, rng.choice(table._session.legal_moves()), table.revision)
    catch_up()
    assert client.over and not client.to_move and not any(client.may(a) for a in (UNDO, REDO, HINT))
    assert words(client.why_not(UNDO)) == "The game is over."


def test_a_spectator_may_do_nothing_and_sees_the_public_updates() -> None:
    table = Table(Record(treasure("Ann,Bob")))
    client = GameClient(TableHost(table, [], watching=PUBLIC))
    following(client)
    assert client.spectating and list(client.histories) == [PUBLIC]
    assert client.latest is not None and client.latest.perspective == PUBLIC and client.latest.legal == ()
    assert not client.to_move and not any(client.may(a) for a in (UNDO, REDO, HINT))


def test_a_hint_is_shown_only_for_the_position_it_was_asked_in() -> None:
    table = Table(Record(treasure("Ann,Bob", first_player=0)), hint_budget_s=0.05)
    client = GameClient(TableHost(table, [0]))
    catch_up = following(client)
    hint = client.hint().result(30)
    assert client.hint_fits(hint)
    latest = client.latest
    assert latest is not None
    client.submit(hint.move)
    catch_up()
    assert not client.hint_fits(hint)


# -- undo's limits: the table's reasons, as refusals -------------------------------
def test_undo_with_no_move_of_this_turn_says_so() -> None:
    table = Table(Record(kobito()))
    client = GameClient(TableHost(table, [0]))
    following(client)
    refusal = client.undo()
    assert refusal == Refusal("nothing-to-undo") and words(refusal) == "Nothing to undo yet this turn"


def won_pot(seed_range: range = range(40)) -> Session:
    """A Kobito game where seat 0 just won a pot (a new pot was laid after its move) and plays on."""
    for seed in seed_range:
        session = Session(Record(kobito(seed=seed)))
        choose = quick_player(seed)
        while not session.over and not (session.to_act == 0 and session.events[-1]["type"] == "pot"
                                        and session.events[-2].get("seat") == 0):  # fmt: skip  # aligned by hand with its opening bracket
            session.play(choose(session.legal_moves()))
        if not session.over:
            return session
    raise AssertionError("no such game")


def test_undo_stops_at_the_chance_event_after_the_move_and_says_which() -> None:
    session = won_pot()  # the pot must come after the move in this very game (not before a load): play it here
    table = Table(Record(session.header, session.events[: len(session.events) - 2]))
    assert table.submit(0, session.events[-2], table.revision) is None and table._session.events[-1]["type"] == "pot"
    client = GameClient(TableHost(table, [0]))
    following(client)
    refusal = client.undo()
    assert refusal == Refusal("undo-barrier", {"after": "pot"})
    assert words(refusal) == "No undo past this point: a new pot was laid after your move"
    english = translator("en")
    assert say(english, Refusal("undo-barrier", {"after": "reveal"})) == "No undo past this point: a tile was revealed after your move"
    assert (
        say(english, Refusal("undo-barrier", {"after": "reshuffle"})) == "No undo past this point: the deck was reshuffled after your move"
    )
    assert say(english, Refusal("undo-barrier", {"after": "new"})) == "No undo past this point: something new was revealed"
    assert say(english, Refusal("undo-barrier", {"after": ["odd"]})) == "undo-barrier"  # a hostile peer's: the id
    assert say(english, Refusal("undo-barrier")) == "No undo past this point: something new was revealed"


def test_moves_made_before_the_game_was_loaded_cannot_be_undone() -> None:
    for seed in range(20):
        session = Session(Record(kobito(seed=seed)))
        choose = quick_player(seed)
        while not session.over and session.to_act != 0:
            session.play(choose(session.legal_moves()))
        move: Event = next(m for m in session.legal_moves() if m["type"] != "end-turn")
        before = len(session.events)
        session.play(move)
        if len(session.events) == before + 1:  # nothing came after the move
            break
    loaded = LocalTable(session.record, None)
    client = GameClient(LocalHost(loaded))
    following(client)
    assert client.seat == 0 and client.to_move and not client.may(UNDO)
    refusal = client.undo()
    assert refusal == Refusal("undo-before-load")
    assert words(refusal) == "Moves made before this game was loaded (Continue) cannot be undone"


# -- one history per terminal ----------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_a_remote_table_a_game_client_takes_keeps_no_history_of_its_own(seed: int) -> None:
    """The hub's updates for one seat reach the game client through the remote table, which hands
    the client what came before it (the whole picture) and from then on keeps only the newest
    update: each delta is applied once, into the client's history, which is the table's."""
    rng = random.Random(seed)
    table = Table(Record(treasure("Ann,Bob", seed=seed, first_player=0)))
    remote = RemoteTable(SimpleNamespace(_update_handlers={}), "t1")  # type: ignore[arg-type]  # no socket: fed below
    remote.seat = 0
    table.subscribe(SeatPerspective(0), lambda update: remote._receive(protocol.update_message("t1", update)))
    kept = {seat: History() for seat in range(2)}
    for seat in range(2):
        table.subscribe(SeatPerspective(seat), kept[seat].apply)

    def play(moves: int) -> None:
        for _ in range(moves):
            seat = table.to_act
            update = None if seat is None else kept[seat].update
            if table.over or seat is None or update is None:
                return
            table.submit(seat, rng.choice(update.legal), table.revision)

    play(3)  # before any client: the remote table keeps what came, for the one to come
    assert len(remote.events) == len(kept[0].events)
    client = GameClient(RemoteHost(remote, table.header.public()))
    catch_up = following(client)
    with pytest.raises(RuntimeError):
        remote.events  # noqa: B018 - handed over: the client's is the one history
    with pytest.raises(RuntimeError):
        remote.subscribe(remote.perspective, lambda update: None)  # a second keeper would be a second history
    play(20)
    catch_up()
    assert client.history.events == kept[0].events and client.history.log == kept[0].log
    assert remote.last is not None and remote.last.revision == client.history.update.revision == table.revision


# -- the two hosts -------------------------------------------------------------
def test_a_local_host_offers_its_seed_record_and_file_a_remote_one_none() -> None:
    header = treasure("Ann,bot:random", seed=77)
    local = LocalHost(LocalTable(Record(header), None))
    assert local.seats == [0] and local.seed == 77 and local.answers_at_once
    assert local.record is not None and local.session is not None and not local.kept  # a tutorial's: no file
    assert local.header.seed is None  # the client header

    class Remote:
        seat = 1
        perspective = SeatPerspective(1)

    remote = RemoteHost(Remote(), header.public())  # type: ignore[arg-type]
    assert remote.seats == [1] and remote.watching == SeatPerspective(1)
    assert remote.seed is None and remote.record is None and remote.session is None and remote.path is None
    assert remote.kept and not remote.answers_at_once
    client = GameClient(remote)
    assert list(client.histories) == [SeatPerspective(1)] and not client.spectating


def test_a_request_sent_later_is_about_the_position_it_was_chosen_in() -> None:
    """A remote host's request goes from another thread, later: its seat and revision are bound
    when it is made, so a position that changed meanwhile makes it stale, not another move."""
    table = Table(Record(treasure("Ann,Bob", first_player=0)))
    client = GameClient(TableHost(table, [0]))
    catch_up = following(client)
    latest = client.latest
    assert latest is not None
    first, second = latest.legal[0], latest.legal[-1]
    asked = client.asking(MOVE, second)
    assert isinstance(asked, Request) and asked == Request(latest.to_act, MOVE, latest.revision, second)  # data, not a closure
    assert client.submit(first) is None  # the position changes before the request goes
    catch_up()
    refusal = client.send(asked)
    assert refusal is not None and refusal.id == "stale-revision"
    assert isinstance(client.asking(UNDO), Refusal) is False and isinstance(client.asking(REDO), Refusal)
