"""At the hub, a whole turn is taken back only where every other seat is a computer."""

from __future__ import annotations

from .helpers import KEY_ANN


def play_turn(remote) -> None:
    """Three steps and the end, by the first legal move each time."""
    for _ in range(4):
        update = remote.wait_for(lambda u: bool(u.legal))
        assert remote.submit(remote.seat, update.legal[0], update.revision) is None
        remote.wait_for(lambda u, r=update.revision: u.revision > r)


def test_against_a_computer_the_hub_takes_back_the_whole_turn(server):
    ann = server.connect(KEY_ANN, "Ann")
    remote = ann.join(ann.create("treasure", ["open", "random"], {"first_player": 0}), 0)
    start = remote.wait_for(lambda u: bool(u.legal))
    play_turn(remote)
    back = remote.wait_for(lambda u: bool(u.legal) and u.revision > start.revision + 4)  # the computer replied
    assert back.can_undo
    assert remote.undo(0) is None
    undone = remote.wait_for(lambda u: u.revision > back.revision)
    assert undone.view == start.view and undone.to_act == 0 and not undone.can_undo


def test_with_another_person_the_hub_refuses_a_whole_turn(server):
    ann, bob = server.connect(KEY_ANN, "Ann"), server.connect("guest", "Bob")
    table = ann.create("treasure", ["open", "open"], {"first_player": 0})
    remotes = [ann.join(table, 0), bob.join(table, 1)]
    play_turn(remotes[0])
    play_turn(remotes[1])
    mine = remotes[0].wait_for(lambda u: bool(u.legal))
    assert not mine.can_undo
    refusal = remotes[0].undo(0)
    assert refusal is not None and refusal.id == "nothing-to-undo"
