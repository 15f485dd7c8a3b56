"""The seams of the hub (issue 35): other servers only through an injected ``Peers``, the
cluster back into the hub only through ``Host``, and the one-thread rule checked, so a call
off the hub's event loop thread fails where it is made instead of misordering a move."""

from __future__ import annotations

import ast
import asyncio
import threading
from pathlib import Path

import pytest

from kobito_tui.serve import protocol
from kobito_tui.serve.client import HubConnection
from kobito_tui.serve.hub import Hub, HubSession
from kobito_tui.serve.loopthread import LoopThread, OffLoop
from kobito_tui.serve.peers import NoPeers

from .helpers import KEY_ANN, KEY_BOB, eventually, running_hub, short_dir

SERVE = Path(__file__).resolve().parents[2] / "kobito_tui" / "serve"


def module_imports(name: str) -> tuple[set[str], set[str]]:
    """The ``kobito_tui.serve`` modules ``serve/<name>.py`` imports at module level, and inside functions."""
    tree = ast.parse((SERVE / f"{name}.py").read_text(encoding="utf-8"))
    top: set[str] = set()
    inner: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kobito_tui.serve"):
            found = {a.name for a in node.names} if node.module == "kobito_tui.serve" else {node.module.split(".")[2]}
            (top if node in tree.body else inner).update(found)
        elif isinstance(node, ast.If) and node in tree.body and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in ast.walk(node):
                if isinstance(child, ast.ImportFrom) and child.module and child.module.startswith("kobito_tui.serve."):
                    top.add(child.module.split(".")[2])
    return top, inner


def test_the_hub_and_the_cluster_meet_only_at_the_peers_module():
    hub_top, hub_inner = module_imports("hub")
    cluster_top, cluster_inner = module_imports("cluster")
    peers_top, peers_inner = module_imports("peers")
    assert "cluster" not in hub_top  # not even for types: the hub knows the cluster only as its Peers
    assert hub_inner <= {"cluster"}  # the default wiring of a hub given a database, and nothing else
    assert "hub" not in cluster_top | cluster_inner and "peers" in cluster_top
    assert not {"hub", "cluster"} & (peers_top | peers_inner)


def test_the_hub_has_no_branch_on_whether_there_is_a_cluster():
    source = (SERVE / "hub.py").read_text(encoding="utf-8")
    assert "cluster is None" not in source and "cluster is not None" not in source


def test_a_hub_alone_has_no_peers_and_plays(data_dir):
    with running_hub(data_dir) as hub:
        assert isinstance(hub.peers, NoPeers)
        ann = HubConnection(hub.socket_path, KEY_ANN, "Ann", timeout=10)
        table = ann.create("kobito", ["open", "easy"])
        assert isinstance(table, str) and [t.table for t in hub.listing()] == [table]
        ann.close()


class Recording(NoPeers[HubSession]):
    """Peers that keep what the hub told them, and take one table's requests for themselves."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.published: list[str] = []
        self.routed: list[str] = []
        self.ended_sessions = 0
        self.started = self.closed = False
        self.on_loop: list[bool] = []

    async def start(self) -> None:
        self.started = True

    async def close(self) -> None:
        self.closed = True

    def publish(self, info: protocol.TableInfo) -> None:
        self.published.append(info.table)

    def route(self, session: HubSession, message: protocol.ClientMessage) -> bool:
        self.on_loop.append(self.hub.loop_thread.here())
        if isinstance(message, protocol.Join) and message.table == "elsewhere":
            self.routed.append(message.table)
            session.reply(message.id, None, value="", seat=0)  # as a peer that seated it
            return True
        return False

    def ended(self, session: HubSession) -> None:
        self.ended_sessions += 1


def test_injected_peers_hear_every_table_change_and_may_take_a_request(data_dir):
    made: list[Recording] = []

    def peers(hub: Hub) -> Recording:
        made.append(Recording(hub))
        return made[0]

    with running_hub(data_dir, peers=peers) as hub:
        recording = made[0]
        assert hub.peers is recording and recording.started
        ann = HubConnection(hub.socket_path, KEY_ANN, "Ann", timeout=10)
        table = ann.create("kobito", ["open", "open"])
        eventually(lambda: recording.published == [table])  # the lobby's summary goes to the others
        bob = HubConnection(hub.socket_path, KEY_BOB, "Bob", timeout=10)
        remote = bob.join("elsewhere", 0)
        assert remote.seat == 0 and recording.routed == ["elsewhere"]  # answered by the peers, not the hub
        assert "elsewhere" not in hub.lobby.rooms
        assert recording.on_loop and all(recording.on_loop)
        ann.close()
        bob.close()
        eventually(lambda: recording.ended_sessions == 2)
    assert recording.closed


def test_a_method_of_the_loop_called_from_another_thread_fails_and_changes_nothing(data_dir):
    with running_hub(data_dir) as hub:
        ann = HubConnection(hub.socket_path, KEY_ANN, "Ann", timeout=10)
        table = ann.create("kobito", ["open", "open"])
        assert isinstance(table, str)
        session = next(iter(hub.sessions.values()))
        room = hub.lobby.rooms[table]
        for call in (
            lambda: hub.tell_all(protocol.TableChanged(room.info())),
            lambda: hub.drop(table),
            lambda: hub.leave(session),
            lambda: hub._announce(room),
            lambda: hub._watch(room, session),
            lambda: session.reply(1, None),  # an answer to a client goes out on the loop only
        ):
            with pytest.raises(OffLoop, match="not the hub's event loop thread"):
                call()
        assert table in hub.lobby.rooms  # nothing was dropped
        # On the loop, the same calls are at home.
        asyncio.run_coroutine_threadsafe(_on_loop(lambda: hub.tell_all(protocol.TableChanged(room.info()))), hub.loop).result(5)
        seats = ann.join(table, 0)
        assert seats.seat == 0
        ann.close()


async def _on_loop(call) -> None:
    call()


def test_the_loop_thread_checks_only_once_bound():
    rule = LoopThread()
    rule.check()  # not started: nothing to check yet
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(_bind(rule))
        rule.check()
        assert rule.here()
        failures: list[BaseException] = []

        def elsewhere() -> None:
            try:
                rule.check()
            except OffLoop as error:
                failures.append(error)

        thread = threading.Thread(target=elsewhere, name="not the loop")
        thread.start()
        thread.join()
        assert len(failures) == 1 and "'not the loop'" in str(failures[0])
        heard: list[int] = []
        thread = threading.Thread(target=lambda: rule.soon(heard.append, 7))
        thread.start()
        thread.join()
        loop.run_until_complete(asyncio.sleep(0))
        assert heard == [7]  # the way to the loop from elsewhere
    finally:
        loop.close()


async def _bind(rule: LoopThread) -> None:
    rule.bind()


def test_the_cluster_checks_the_rule_too(pg_url):
    with running_hub(short_dir(), database=pg_url) as hub:
        cluster = hub.peers
        with pytest.raises(OffLoop):
            cluster._lobby("t1", "beef", b"")
        with pytest.raises(OffLoop):
            cluster._mail([])
        assert "t1" not in cluster.elsewhere
