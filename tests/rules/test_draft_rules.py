"""The formal draft (German rulebook, "Prügeln wir uns nach Regeln!")."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smashup_db.errors import UserError
from smashup_db.rules.draft import DraftError, DraftState, default_pool_size, make_pool, snake_order

FACTIONS = [f"faction-{i:02d}" for i in range(40)]
NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hans"]


def one_line(err) -> str:
    msg = str(err.value)
    assert msg and "\n" not in msg
    assert isinstance(err.value, ValueError) and isinstance(err.value, UserError)
    return msg


# --- snake order -----------------------------------------------------------------


def test_snake_order_three_players_is_1_2_3_3_2_1():
    assert snake_order(["A", "B", "C"]) == ["A", "B", "C", "C", "B", "A"]


def test_snake_order_two_players_and_more_rounds():
    assert snake_order(["A", "B"]) == ["A", "B", "B", "A"]
    assert snake_order(["A", "B", "C"], rounds=3) == list("ABCCBAABC")


@pytest.mark.parametrize("players", [["A"], [], NAMES + ["Ida"], ["A", "A"], ["A", ""]])
def test_snake_order_rejects_bad_players(players):
    with pytest.raises(DraftError) as err:
        snake_order(players)
    one_line(err)


def test_snake_order_rejects_zero_rounds():
    with pytest.raises(DraftError):
        snake_order(["A", "B"], rounds=0)


# --- pool ------------------------------------------------------------------------------


@pytest.mark.parametrize("n, size", [(2, 8), (3, 8), (4, 8), (5, 10), (8, 16)])
def test_default_pool_is_at_least_8_and_2_per_player(n, size):
    assert default_pool_size(n) == size
    pool = make_pool(FACTIONS, n, rng=random.Random(1))
    assert len(pool) == size and len(set(pool)) == size and set(pool) <= set(FACTIONS)


def test_make_pool_same_seed_same_pool_and_seeds_differ():
    a = make_pool(FACTIONS, 3, None, random.Random(7))
    assert a == make_pool(FACTIONS, 3, None, random.Random(7))
    assert any(make_pool(FACTIONS, 3, None, random.Random(s)) != a for s in range(8, 12))


def test_make_pool_errors():
    with pytest.raises(DraftError) as err:
        make_pool(FACTIONS[:7], 2, rng=random.Random(0))
    assert "only 7 factions" in one_line(err)
    with pytest.raises(DraftError) as err:
        make_pool(FACTIONS, 4, pool_size=7, rng=random.Random(0))
    assert "too small" in one_line(err)
    with pytest.raises(DraftError):
        make_pool(FACTIONS, 9, rng=random.Random(0))
    with pytest.raises(DraftError):
        make_pool(FACTIONS, 1, rng=random.Random(0))


def test_make_pool_ignores_repeated_candidates():
    with pytest.raises(DraftError):
        make_pool(["a"] * 20, 2, rng=random.Random(0))


# --- picking -------------------------------------------------------------------------------


def test_manual_draft_follows_snake_and_records_rounds():
    state = DraftState(["Anna", "Ben", "Cleo"], FACTIONS[:8])
    seen = []
    for faction in [
        "faction-00",
        "faction-01",
        "faction-02",
        "faction-03",
        "faction-04",
        "faction-05",
    ]:
        seen.append(state.current_player)
        state.pick(faction)
    assert seen == ["Anna", "Ben", "Cleo", "Cleo", "Ben", "Anna"]
    assert [p["round"] for p in state.picks] == [1, 1, 1, 2, 2, 2]
    assert state.holdings == {
        "Anna": ["faction-00", "faction-05"],
        "Ben": ["faction-01", "faction-04"],
        "Cleo": ["faction-02", "faction-03"],
    }
    assert state.done and state.current_player is None and state.legal_picks() == []
    with pytest.raises(DraftError) as err:
        state.pick("faction-06")
    assert "over" in one_line(err)


def test_never_the_same_faction_twice_even_with_copies():
    state = DraftState(["A", "B"], FACTIONS[:8], copies={"faction-00": 2})
    state.pick("faction-00")  # A
    state.pick("faction-01")  # B
    state.pick("faction-02")  # B again (snake)
    assert state.current_player == "A"
    with pytest.raises(DraftError) as err:
        state.pick("faction-00")
    assert "already holds" in one_line(err)


def test_faction_held_by_other_needs_two_copies():
    one = DraftState(["A", "B", "C"], FACTIONS[:8])
    one.pick("faction-00")
    with pytest.raises(DraftError) as err:
        one.pick("faction-00")
    assert "taken by A" in one_line(err)
    assert "faction-00" not in one.legal_picks()

    two = DraftState(["A", "B", "C"], FACTIONS[:8], copies={"faction-00": 2})
    two.pick("faction-00")
    assert two.pick("faction-00") == {"round": 1, "player": "B", "faction": "faction-00"}
    with pytest.raises(DraftError):  # both copies now in use
        two.pick("faction-00")


def test_pick_outside_pool_and_bad_setup():
    state = DraftState(["A", "B"], FACTIONS[:8])
    with pytest.raises(DraftError) as err:
        state.pick("faction-30")
    assert "not in the pool" in one_line(err)
    with pytest.raises(DraftError):
        DraftState(["A", "B"], FACTIONS[:3])
    with pytest.raises(DraftError):
        DraftState(["A", "B"], FACTIONS[:7] + ["faction-00"])
    with pytest.raises(DraftError):
        DraftState(["A", "B"], FACTIONS[:8], copies={"faction-00": 0})
    with pytest.raises(DraftError):
        DraftState(["A"], FACTIONS[:8])


def test_undo():
    state = DraftState(["A", "B"], FACTIONS[:8])
    with pytest.raises(DraftError) as err:
        state.undo()
    assert "nothing to undo" in one_line(err)
    state.pick("faction-03")
    state.pick("faction-04")
    assert state.undo() == {"round": 1, "player": "B", "faction": "faction-04"}
    assert state.current_player == "B"
    assert state.holdings == {"A": ["faction-03"], "B": []}
    assert "faction-04" in state.legal_picks()


# --- properties --------------------------------------------------------------------------


@st.composite
def drafts(draw):
    n = draw(st.integers(min_value=2, max_value=8))
    size = draw(st.integers(min_value=2 * n, max_value=2 * n + 8))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    pool = make_pool(FACTIONS, n, size, random.Random(seed))
    copies = draw(st.dictionaries(st.sampled_from(pool), st.integers(min_value=1, max_value=3)))
    return NAMES[:n], pool, copies, seed


@settings(max_examples=200)
@given(drafts())
def test_auto_draft_obeys_the_rules(args):
    players, pool, copies, seed = args
    state = DraftState(players, pool, copies).auto_finish(random.Random(seed))
    n = len(players)

    assert state.done and len(state.picks) == 2 * n
    # snake: 1 2 .. n n .. 2 1, rounds 1 then 2
    assert [p["player"] for p in state.picks] == players + players[::-1]
    assert [p["round"] for p in state.picks] == [1] * n + [2] * n
    # every player two distinct factions, all from the pool
    for player, held in state.holdings.items():
        assert len(held) == 2 and held[0] != held[1], (player, held)
        assert set(held) <= set(pool)
    # a faction is shared only when enough copies are owned
    holders = Counter(p["faction"] for p in state.picks)
    for faction, count in holders.items():
        assert count <= copies.get(faction, 1)
        if count >= 2:
            assert copies.get(faction, 1) >= 2
    # reproducible
    again = DraftState(players, pool, copies).auto_finish(random.Random(seed))
    assert again.picks == state.picks


@given(drafts(), st.lists(st.booleans(), max_size=40))
def test_undo_restores_the_state(args, moves):
    """Random picks interleaved with undos: after each undo the state equals the
    one before the undone pick."""
    players, pool, copies, seed = args
    rng = random.Random(seed)
    state = DraftState(players, pool, copies)
    history = [list(state.picks)]
    for undo in moves:
        if undo and state.picks:
            state.undo()
            history.pop()
            assert state.picks == history[-1]
        elif not state.done:
            legal = state.legal_picks()
            assert legal, "a legal pick must always exist before the draft ends"
            assert all(state.current_player not in state.holders(f) for f in legal)
            state.auto_pick(rng)
            assert state.picks[-1]["faction"] in legal
            history.append(list(state.picks))
    assert len(state.picks) == len(history) - 1
