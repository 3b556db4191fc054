"""Base scoring (German rulebook, "Die große Wertung", S. 6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smashup_db.errors import UserError
from smashup_db.rules.scoring import Placement, ScoringError, parse_powers, score_base


def table(result):
    return {p.player: (p.place, p.vp) for p in result}


# --- the rulebook's own examples ---------------------------------------------


def test_rulebook_tie_10_10_5():
    """'Nur Unentschieden?': 10, 10, 5 -> both 10s get 1st place, the 5 gets 3rd, not 2nd."""
    result = score_base({"Anna": 10, "Ben": 10, "Cleo": 5}, (4, 2, 1))
    assert table(result) == {"Anna": (1, 4), "Ben": (1, 4), "Cleo": (3, 1)}
    assert [p.player for p in result] == ["Anna", "Ben", "Cleo"]


def test_rulebook_two_tied_for_second_means_no_third_place():
    """'Wenn zwei Spieler zusammen auf den 2. Platz kommen, gibt es keinen 3. Platz.'"""
    result = score_base({"Anna": 12, "Ben": 7, "Cleo": 7, "Dora": 3}, (5, 3, 2))
    assert table(result) == {"Anna": (1, 5), "Ben": (2, 3), "Cleo": (2, 3), "Dora": (4, 0)}
    assert not any(p.place == 3 for p in result)


def test_fourth_player_gets_nothing():
    """'Wird ein Spieler Vierter, erhält er keine Siegpunkte.'"""
    result = score_base({"A": 9, "B": 8, "C": 7, "D": 6}, (4, 2, 1))
    assert table(result) == {"A": (1, 4), "B": (2, 2), "C": (3, 1), "D": (4, 0)}


def test_fewer_than_three_players_leave_places_unawarded():
    """'Wenn weniger als 3 Spieler an einer Basis vertreten sind, werden die
    Siegpunkte der übrigen Plätze nicht vergeben.'"""
    result = score_base({"A": 6, "B": 0, "C": 0}, (4, 2, 1))
    assert table(result) == {"A": (1, 4), "B": (None, 0), "C": (None, 0)}
    assert sum(p.vp for p in result) == 4


def test_no_minion_no_vp_but_zero_power_minion_counts():
    """'Damit ihr überhaupt Siegpunkte an einer Basis erhaltet, müsst ihr dort
    mindestens eine Kreatur platziert haben.' Power 0 with a minion still places."""
    without = score_base({"A": 5, "B": 0}, (3, 2, 1))
    assert table(without)["B"] == (None, 0)
    with_minion = score_base({"A": 5, "B": 0}, (3, 2, 1), has_minion={"B"})
    assert table(with_minion)["B"] == (2, 2)


def test_unicrave_uss_undertaking_scoring_continues_below_breakpoint():
    """Rulebook example: Unicrave (breakpoint 20 in the German printing) is
    replaced by USS Unternehmung (breakpoint 22) before it scores; scoring
    goes on with the new base even though 20 < 22. USS Undertaking pays 4/2/1."""
    powers = {"Anna": 11, "Ben": 6, "Cleo": 3}
    assert sum(powers.values()) == 20 < 22
    result = score_base(powers, (4, 2, 1))
    assert table(result) == {"Anna": (1, 4), "Ben": (2, 2), "Cleo": (3, 1)}


def test_three_way_tie_for_first():
    result = score_base({"A": 4, "B": 4, "C": 4, "D": 1}, (4, 2, 1))
    assert table(result) == {"A": (1, 4), "B": (1, 4), "C": (1, 4), "D": (4, 0)}


def test_placement_is_frozen():
    p = score_base({"A": 1}, (1, 0, 0))[0]
    assert p == Placement("A", 1, 1, 1)
    with pytest.raises(AttributeError):
        p.vp = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    "powers, vp, has_minion",
    [
        ({"A": -1}, (4, 2, 1), None),
        ({"A": 2.5}, (4, 2, 1), None),
        ({"A": 2}, (4, 2), None),
        ({"A": 2}, (4, -2, 1), None),
        ({"A": 2}, (4, 2, 1), {"Zed"}),
    ],
)
def test_score_base_rejects_bad_input(powers, vp, has_minion):
    with pytest.raises(ScoringError) as err:
        score_base(powers, vp, has_minion)
    assert isinstance(err.value, ValueError) and isinstance(err.value, UserError)
    assert "\n" not in str(err.value) and str(err.value)


# --- parse_powers ------------------------------------------------------------


def test_parse_powers_ok():
    assert parse_powers(["Anna=12", " Ben = 12 ", "Cleo=0"]) == {"Anna": 12, "Ben": 12, "Cleo": 0}
    assert parse_powers([]) == {}


@pytest.mark.parametrize(
    "items, fragment",
    [
        (["Anna"], "NAME=POWER"),
        (["=3"], "NAME=POWER"),
        (["Anna=x"], "whole number"),
        (["Anna="], "whole number"),
        (["Anna=-2"], "below 0"),
        (["Anna=1", "Anna=2"], "twice"),
    ],
)
def test_parse_powers_errors(items, fragment):
    with pytest.raises(ValueError) as err:
        parse_powers(items)
    assert isinstance(err.value, ScoringError)
    assert fragment in str(err.value)
    assert "\n" not in str(err.value)


# --- properties ----------------------------------------------------------------

players_st = st.dictionaries(
    st.sampled_from(["A", "B", "C", "D", "E", "F", "G", "H"]),
    st.integers(min_value=0, max_value=30),
    min_size=1,
    max_size=8,
)
vp_st = st.tuples(*(st.integers(min_value=0, max_value=8),) * 3)


def reference_places(powers, eligible):
    """Standard competition ranking ('1224'), computed group by group."""
    places, next_place = {}, 1
    for value in sorted({powers[p] for p in eligible}, reverse=True):
        group = [p for p in eligible if powers[p] == value]
        for p in group:
            places[p] = next_place
        next_place += len(group)
    return places


@given(players_st, vp_st, st.data())
def test_score_base_properties(powers, vp, data):
    zeros = [p for p, v in powers.items() if v == 0]
    named = set(data.draw(st.lists(st.sampled_from(zeros), unique=True))) if zeros else set()
    result = score_base(powers, vp, named)
    by = {p.player: p for p in result}

    assert sorted(by) == sorted(powers) and len(result) == len(powers)
    eligible = [p for p in powers if powers[p] > 0 or p in named]
    expected = reference_places(powers, eligible)
    for player, pl in by.items():
        assert pl.power == powers[player]
        if player in expected:
            assert pl.place == expected[player]
            assert pl.vp == (vp[pl.place - 1] if pl.place <= 3 else 0)
        else:
            assert (pl.place, pl.vp) == (None, 0)
    # equal power, equal result; more power never places worse
    for a in eligible:
        for b in eligible:
            if powers[a] == powers[b]:
                assert (by[a].place, by[a].vp) == (by[b].place, by[b].vp)
            if powers[a] > powers[b]:
                assert by[a].place < by[b].place
    # output order: placed players first, by place
    places = [p.place for p in result if p.place is not None]
    assert places == sorted(places)
    assert all(p.place is None for p in result[len(places) :])


@given(players_st)
def test_parse_powers_roundtrip(powers):
    assert parse_powers([f"{k}={v}" for k, v in powers.items()]) == powers
