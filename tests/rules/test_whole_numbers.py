"""One shape and one bound for every whole number a person types (rules/numbers.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smashup_db.errors import RuleError
from smashup_db.rules.numbers import MAX_WHOLE, check_whole, whole


def test_the_bound_is_exact_in_a_browser_and_fits_sqlite():
    assert MAX_WHOLE == 2**53 - 1 < 2**63 - 1
    assert float(MAX_WHOLE) == MAX_WHOLE  # a JavaScript number holds it exactly


@given(st.integers(min_value=-MAX_WHOLE, max_value=MAX_WHOLE))
def test_every_number_within_the_bound_reads_back(n):
    assert whole(str(n), "seed") == n == whole(f"  {n}\n", "seed")


@given(st.integers(min_value=MAX_WHOLE + 1) | st.integers(max_value=-MAX_WHOLE - 1))
def test_every_number_beyond_the_bound_is_refused_in_words(n):
    with pytest.raises(RuleError, match="too large") as exc:
        whole(str(n), "pool")
    assert exc.value.field == "pool"
    with pytest.raises(RuleError, match="too large"):
        check_whole(n, "pool")


@given(st.text(max_size=30))
def test_only_ascii_digits_with_an_optional_minus_are_a_whole_number(text):
    shaped = re.fullmatch(r"-?[0-9]+", text.strip(" \t\n\r\f\v")) is not None
    try:
        whole(text, "seed")
        ok = True
    except RuleError:
        ok = False
    if not shaped:
        assert not ok


@pytest.mark.parametrize("text", ["+7", "1_000", "7.0", "٣", "0x10", "1e3", "", " ", "--7"])
def test_python_int_spellings_are_refused(text):
    with pytest.raises(RuleError, match="must be a whole number"):
        whole(text, "seed")


def test_thousands_of_digits_are_refused_without_reading_them():
    with pytest.raises(RuleError, match="too large"):
        whole("9" * 5000, "seed")  # int() would raise ValueError beyond 4,300 digits
