"""Draft formats and pool control as pure functions (draftformats.py, draftpool.py): property tests."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smashup_db.i18n import render
from smashup_db.i18n.option_names import cli_worded
from smashup_db.rules.draft import DraftError
from smashup_db.rules.formats import FORMATS, OfferState, check_format, pool_size, start
from smashup_db.rules.pool import choose_candidates, complexity_matches, draw_pool, parse_complexity

LEVELS = ["low", "low-medium", "medium", "medium-high", "high", None]
FACTIONS = [f"f{i:02d}" for i in range(30)]


@st.composite
def scenario(draw):
    n = draw(st.integers(2, 6))
    players = [f"P{i}" for i in range(n)]
    fmt = draw(st.sampled_from(FORMATS))
    offer = draw(st.integers(2, 4))
    cx = {f: draw(st.sampled_from(LEVELS)) for f in FACTIONS}
    fp = {f: [f"box{i % 5}"] for i, f in enumerate(FACTIONS)}
    ban = draw(st.lists(st.sampled_from(FACTIONS), max_size=8, unique=True))
    include = draw(
        st.lists(st.sampled_from([f for f in FACTIONS if f not in ban]), max_size=2, unique=True)
    )
    complexity = draw(
        st.one_of(st.none(), st.sets(st.sampled_from(["low", "medium", "high"]), min_size=1))
    )
    products = draw(
        st.one_of(st.none(), st.sets(st.sampled_from([f"box{i}" for i in range(5)]), min_size=2))
    )
    recent = draw(st.lists(st.sampled_from(FACTIONS), max_size=12, unique=True))
    copies = {
        f: draw(st.integers(1, 2))
        for f in draw(st.lists(st.sampled_from(FACTIONS), max_size=5, unique=True))
    }
    seed = draw(st.integers(0, 10_000))
    return dict(
        players=players,
        fmt=fmt,
        offer=offer,
        cx=cx,
        fp=fp,
        ban=ban,
        include=include,
        complexity=complexity,
        products=products,
        recent=recent,
        copies=copies,
        seed=seed,
    )


def run(s):
    needed = pool_size(s["fmt"], len(s["players"]), None, s["offer"])
    choice = choose_candidates(
        FACTIONS,
        needed,
        ban=s["ban"],
        include=s["include"],
        complexity=s["complexity"],
        complexity_of=s["cx"],
        products=s["products"],
        faction_products=s["fp"],
        recent=s["recent"],
    )
    rng = random.Random(s["seed"])
    pool = draw_pool(choice, needed, rng)
    state = start(s["fmt"], s["players"], pool, rng, s["copies"], s["offer"])
    while not state.done:
        state.auto_pick(rng)
    return needed, pool, state


def eligible(s, with_recent=True):
    out = set(s["include"])
    for f in FACTIONS:
        if f in s["ban"]:
            continue
        if s["products"] is not None and not set(s["fp"][f]) & s["products"]:
            continue
        if not complexity_matches(s["cx"][f], s["complexity"]):
            continue
        if not with_recent and f in s["recent"]:
            continue
        out.add(f)
    return out


@settings(max_examples=300, deadline=None)
@given(scenario())
def test_every_format_follows_the_pool_options(s):
    needed = pool_size(s["fmt"], len(s["players"]), None, s["offer"])
    try:
        _, pool, state = run(s)
    except DraftError as exc:
        # only when the options really leave too few factions, and the message says why
        assert len(eligible(s)) < needed, str(exc)
        assert "removed" in str(exc)
        return
    assert len(pool) == needed == len(set(pool))
    for held in state.holdings.values():  # two distinct factions per player
        assert len(held) == 2 and held[0] != held[1]
        assert set(held) <= set(pool)
    assert not set(pool) & set(s["ban"])  # bans never in the pool
    assert set(s["include"]) <= set(pool)  # includes always in it
    for f in set(pool) - set(s["include"]):  # complexity and products respected
        assert complexity_matches(s["cx"][f], s["complexity"])
        assert s["products"] is None or set(s["fp"][f]) & s["products"]
    if len(eligible(s, with_recent=False)) >= needed:  # --avoid-recent while enough remain
        assert not (set(pool) - set(s["include"])) & set(s["recent"])
    for f in set(pool):  # copies: at most as many holders as copies owned
        assert len(state.holders(f)) <= s["copies"].get(f, 1)
    if s["fmt"] == "offer":
        offers = state.offers
        assert sorted(f for o in offers.values() for f in o) == sorted(
            pool
        )  # nothing offered twice
        for player, held in state.holdings.items():
            assert set(held) <= set(offers[player]) and len(offers[player]) == s["offer"]


@settings(max_examples=100, deadline=None)
@given(scenario())
def test_same_seed_same_draft(s):
    try:
        a = run(s)
    except DraftError:
        return
    b = run(s)
    assert a[1] == b[1] and a[2].picks == b[2].picks


def test_offer_refuses_a_faction_offered_to_someone_else():
    state = start(
        "offer", ["A", "B"], ["f1", "f2", "f3", "f4", "f5", "f6"], random.Random(1), offer=3
    )
    assert state.offers == {"A": ["f1", "f2", "f3"], "B": ["f4", "f5", "f6"]}
    assert isinstance(state, OfferState) and state.legal_picks() == ["f1", "f2", "f3"]
    with pytest.raises(DraftError, match="not offered to A"):
        state.pick("f4")


def test_pick_one_random_leaves_the_second_round_to_the_players():
    state = start("pick-one-random", ["A", "B", "C"], [f"f{i}" for i in range(8)], random.Random(3))
    assert len(state.picks) == 3 and [p["player"] for p in state.picks] == ["A", "B", "C"]
    assert state.current_player == "C"  # the snake comes back: last seat picks first


def test_random_format_deals_everything():
    state = start("random", ["A", "B"], ["f1", "f2", "f3", "f4"], random.Random(5))
    assert state.done and sorted(f for fs in state.holdings.values() for f in fs) == [
        "f1",
        "f2",
        "f3",
        "f4",
    ]


def test_too_small_pool_says_which_option_removed_what():
    with pytest.raises(DraftError) as exc:
        choose_candidates(
            FACTIONS[:10],
            8,
            ban=FACTIONS[:2],
            complexity={"high"},
            complexity_of={f: ("high" if f in FACTIONS[2:5] else "low") for f in FACTIONS},
        )
    msg = str(exc.value)  # the rules name their filters in their own words, the CLI as its options
    assert "only 3 factions" in msg and "ban removed 2" in msg and "complexity removed 5" in msg
    assert "--" not in msg
    worded = str(cli_worded(exc.value))
    assert "--ban removed 2" in worded and "--complexity removed 5" in worded


def test_refusals_of_the_rules_are_data_and_worded_by_the_cli():
    with pytest.raises(DraftError) as exc:
        pool_size("offer", 3, offer=1)
    err = exc.value
    assert (err.field, err.given, err.allowed) == ("offer", 1, ">= 2")
    assert str(err) == "offer must be 2 or more (each player keeps two), got 1"
    assert str(cli_worded(err)) == "--offer must be 2 or more (each player keeps two), got 1"
    assert render(cli_worded(err), "de").startswith("--offer ")
    with pytest.raises(DraftError) as exc:
        check_format("draft")
    assert (exc.value.field, exc.value.allowed) == ("format", FORMATS)


def test_recent_factions_come_back_oldest_first_when_too_few():
    ch = choose_candidates(FACTIONS[:10], 9, recent=["f00", "f01", "f02"])  # f00 most recent
    assert ch.put_back == ["f02", "f01"] and "f00" not in ch.candidates and ch.warnings


def test_parse_complexity():
    assert parse_complexity("low, Medium") == {"low", "medium"}
    assert parse_complexity(None) is None
    assert complexity_matches("low-medium", {"medium"}) and not complexity_matches(None, {"low"})
    with pytest.raises(DraftError, match="easy"):
        parse_complexity("easy")


@pytest.mark.parametrize(
    "bad", [dict(include=["f01"], ban=["f01"]), dict(include=["nope"]), dict(include=FACTIONS[:9])]
)
def test_bad_includes(bad):
    with pytest.raises(DraftError):
        choose_candidates(FACTIONS, 8, **bad)


# --- the same properties on the full catalogue, through the draft's set-up ----------------------


@pytest.fixture(scope="module")
def cat(tmp_path_factory):
    from smashup_db.catalogue.view import Catalogue
    from smashup_db.compiler.bootstrap import open_reader

    reader = open_reader(str(tmp_path_factory.mktemp("fmt") / "fmt.db"))
    yield Catalogue(reader, "en")
    reader.close()


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    n=st.integers(2, 8),
    fmt=st.sampled_from(FORMATS),
    seed=st.integers(0, 10**6),
    ban=st.lists(
        st.sampled_from(["zombies", "aliens", "ninjas", "wizards", "elder-things", "kree"]),
        unique=True,
    ),
    include=st.lists(
        st.sampled_from(["pirates", "robots", "dinosaurs", "mermaids"]), max_size=2, unique=True
    ),
    complexity=st.none() | st.sets(st.sampled_from(["low", "medium", "high"]), min_size=1),
    offer=st.integers(2, 4),
)
def test_formats_on_the_full_catalogue(cat, n, fmt, seed, ban, include, complexity, offer):
    from smashup_db.gamenight.options import DraftOptions, Hooks
    from smashup_db.gamenight.session import finish, setup

    players = [f"P{i}" for i in range(n)]
    opts = DraftOptions(fmt=fmt, offer=offer, ban=ban, include=include, complexity=complexity)
    levels = {f.id: f.complexity for f in cat.model.factions.values()}

    def run():
        hooks = Hooks(cat, opts, players, None)
        session = setup(cat, players, seed=seed, **hooks.kwargs())
        state, rng = session.state, session.rng
        while not state.done:
            state.auto_pick(rng)
        return hooks.annotate(finish(cat, session), state)

    try:
        res = run()
    except DraftError as exc:
        assert "removed" in str(exc)
        return
    assert run() == res  # same seed, same result
    for held in res["players"].values():
        assert len(held) == 2 and held[0] != held[1] and set(held) <= set(res["pool"])
    assert not set(ban) & set(res["pool"]) and set(include) <= set(res["pool"])
    for f in set(res["pool"]) - set(include):
        assert complexity_matches(levels[f], complexity)
    assert len(res["bases_in_play"]) == n + 1
