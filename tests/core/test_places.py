"""Finishing places, what ratings read of a result: winners first, then by score, whoever left last."""

from hypothesis import given
from hypothesis import strategies as st

from kobito_tui.core.game import Result, places


def test_winners_first_then_by_score_with_ties_sharing_a_place():
    assert places(Result(winners=[2], scores=[5, 9, 9, 1]), 4) == [3, 2, 1, 4]  # 9 lost the tie-break: second
    assert places(Result(winners=[], scores=[4, 4, 1]), 3) == [1, 1, 3]  # a draw between the first two


def test_without_scores_everyone_but_the_winners_shares_the_next_place():
    assert places(Result(winners=[1]), 4) == [2, 1, 2, 2]


def test_whoever_left_is_last_and_an_earlier_leaver_below_a_later():
    assert places(Result(winners=[0], left=[1]), 2) == [1, 2]
    assert places(Result(winners=[3], scores=[10, 0, 0, 7], left=[2, 0]), 4) == [3, 2, 4, 1]  # left with the most gold


@given(
    st.integers(2, 6).flatmap(
        lambda n: st.tuples(
            st.just(n), st.permutations(range(n)), st.integers(0, n - 1), st.lists(st.integers(0, 20), min_size=n, max_size=n)
        )
    )
)
def test_places_run_from_one_and_leavers_fill_the_bottom(case):
    players, order, leaving, scores = case
    left = list(order[:leaving])
    stayed = [s for s in range(players) if s not in left]
    best = max(scores[s] for s in stayed)
    result = Result(winners=[s for s in stayed if scores[s] == best], scores=scores, left=left)
    placed = places(result, players)
    assert min(placed) == 1 and all(1 <= p <= players for p in placed)
    assert sorted(placed[s] for s in left) == list(range(players - leaving + 1, players + 1))
    assert all(placed[s] <= len(stayed) for s in stayed)
