"""End of the game (German rulebook "Aus und vorbei!"; Cthulhu set, Madness cards)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smashup_db.rules.endgame import (
    WIN_VP,
    EndError,
    end_game,
    madness_penalty,
    parse_madness,
    parse_scores,
)


@pytest.mark.parametrize(
    "cards,lost", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (9, 4), (10, 5)]
)
def test_madness_penalty_one_vp_per_two_cards(cards, lost):
    assert madness_penalty(cards) == lost


def test_madness_penalty_can_turn_the_leader_into_the_runner_up():
    out = end_game({"Anna": 16, "Ben": 15, "Cleo": 9}, {"Anna": 4, "Ben": 1})
    assert out.status == "win" and out.winner == "Ben"
    assert {s.player: s.final for s in out.standings} == {"Anna": 14, "Ben": 15, "Cleo": 9}
    assert [s.player for s in out.standings] == ["Ben", "Anna", "Cleo"]


def test_below_15_the_game_goes_on():
    out = end_game({"Anna": 14, "Ben": 14})
    assert out.status == "not-over" and out.winner is None


def test_exactly_15_ends_the_game():
    out = end_game({"Anna": 15, "Ben": 3})
    assert out.status == "win" and out.winner == "Anna"


def test_tie_goes_to_fewer_madness_cards():
    # both end on 15: Anna 16-1 (2 or 3 cards), Ben 15-0 (1 card)
    out = end_game({"Anna": 16, "Ben": 15}, {"Anna": 3, "Ben": 1})
    assert out.status == "win" and out.winner == "Ben"


def test_still_tied_is_play_on():
    out = end_game({"Anna": 17, "Ben": 17, "Cleo": 2}, {"Anna": 1, "Ben": 1})
    assert out.status == "play-on" and out.winner is None and set(out.tied) == {"Anna", "Ben"}
    assert end_game({"A": 15, "B": 15}).status == "play-on"


@pytest.mark.parametrize(
    "vp,mad",
    [
        ({"A": 16}, {}),
        ({"A": -1, "B": 16}, {}),
        ({"A": 16, "B": 2}, {"C": 1}),
        ({"A": 16, "B": 2}, {"A": -2}),
        ({"": 16, "B": 1}, {}),
    ],
)
def test_bad_input_is_one_error(vp, mad):
    with pytest.raises(EndError):
        end_game(vp, mad)


def test_parsers():
    assert parse_scores(["Anna=16", "Ben=15"]) == {"Anna": 16, "Ben": 15}
    assert parse_madness(["anna=4,Ben=1"], ["Anna", "Ben"]) == {"Anna": 4, "Ben": 1}
    for bad in (["Anna"], ["Anna=x"], ["Anna=-1"], ["Anna=1", "Anna=2"]):
        with pytest.raises(EndError):
            parse_scores(bad)
    with pytest.raises(EndError, match="not a player"):
        parse_madness(["Dora=2"], ["Anna", "Ben"])


names = st.lists(st.text("ABCDEFGH", min_size=1, max_size=3), min_size=2, max_size=6, unique=True)


@given(
    names.flatmap(
        lambda ps: st.tuples(
            st.just(ps),
            st.lists(st.integers(0, 30), min_size=len(ps), max_size=len(ps)),
            st.lists(st.integers(0, 12), min_size=len(ps), max_size=len(ps)),
        )
    )
)
def test_end_game_properties(case):
    players, vps, mads = case
    vp, mad = dict(zip(players, vps, strict=True)), dict(zip(players, mads, strict=True))
    out = end_game(vp, mad)
    by = {s.player: s for s in out.standings}
    assert set(by) == set(players)
    for p in players:
        assert by[p].penalty == mad[p] // 2 and by[p].final == vp[p] - mad[p] // 2
    if max(vps) < WIN_VP:
        assert out.status == "not-over" and out.winner is None
        return
    best = max(s.final for s in out.standings)
    leaders = [s for s in out.standings if s.final == best]
    fewest = min(s.madness for s in leaders)
    still = [s.player for s in leaders if s.madness == fewest]
    if len(still) == 1:
        assert out.status == "win" and out.winner == still[0]
    else:
        assert out.status == "play-on" and set(out.tied) == set(still) and out.winner is None
