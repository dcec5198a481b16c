import pytest
from hypothesis import given
from hypothesis import strategies as st

from judgekit.refs import RuleNumber, RuleNumberError


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("820.1", "820.1"),
        ("820.1.", "820.1"),
        ("８２０．１", "820.1"),  # full-width digits and dot
        ("135.2. a", "135.2.a"),  # a space after a dot
        ("135.2.B.3", "135.2.b.3"),
        (" 规则 820.1。", "820.1"),
        ("rule 820.1", "820.1"),
        ("54.2", "054.2"),  # the top level always has three digits
        ("054.2.", "054.2"),
        ("178.1.a.1.a", "178.1.a.1.a"),
        ("820.01", "820.1"),
    ],
)
def test_parse_accepts_what_judges_type(typed, canonical):
    assert str(RuleNumber.parse(typed)) == canonical


@pytest.mark.parametrize("typed", ["", "abc", "1234.1", "820.a", "820.1.2", "820.1.ab", "820..1", "820.1.c.x", "八二零"])
def test_parse_rejects_malformed_numbers(typed):
    with pytest.raises(RuleNumberError) as error:
        RuleNumber.parse(typed)
    assert "不是规则编号" in str(error.value)


def test_subtree_excludes_numbers_that_only_share_digits():
    rule = RuleNumber.parse("820.1")
    assert rule.contains(RuleNumber.parse("820.1.d.1"))
    assert rule.contains(rule)
    assert not rule.contains(RuleNumber.parse("820.10"))
    assert not rule.contains(RuleNumber.parse("820"))


def test_ancestors_nearest_first():
    assert [str(a) for a in RuleNumber.parse("820.1.c.2").ancestors()] == ["820.1.c", "820.1", "820"]


def test_sort_key_follows_rulebook_order():
    refs = ["820.10", "820.2", "820.1.a", "820.1", "206", "820", "054.2", "820.1.c.2"]
    ordered = sorted(refs, key=lambda ref: RuleNumber.parse(ref).sort_key)
    assert ordered == ["054.2", "206", "820", "820.1", "820.1.a", "820.1.c.2", "820.2", "820.10"]


# -- properties -----------------------------------------------------------------

numbers = st.builds(
    lambda top, rest: (f"{top:03d}", *rest),
    st.integers(0, 999),
    st.lists(st.integers(1, 40), max_size=5).flatmap(
        lambda nums: st.tuples(*[
            st.integers(1, 40).map(str) if i % 2 == 0 else st.sampled_from("abcdefgh")
            for i in range(len(nums))
        ])
    ),
)


@given(numbers)
def test_canonical_form_round_trips(parts):
    rule = RuleNumber(tuple(parts))
    assert RuleNumber.parse(str(rule)) == rule


@given(numbers)
def test_full_width_and_spaced_forms_parse_alike(parts):
    text = ".".join(parts)
    full_width = text.translate(str.maketrans("0123456789.abcdefgh", "０１２３４５６７８９．ａｂｃｄｅｆｇｈ"))
    spaced = ". ".join(parts) + "."
    assert RuleNumber.parse(full_width) == RuleNumber.parse(text) == RuleNumber.parse(spaced)


@given(numbers, numbers)
def test_sort_key_order_matches_segment_order(a, b):
    def segments(parts):
        return [(0, int(p)) if p.isdigit() else (1, p) for p in parts]

    ra, rb = RuleNumber(tuple(a)), RuleNumber(tuple(b))
    assert (ra.sort_key < rb.sort_key) == (segments(a) < segments(b))


@given(numbers, numbers)
def test_contains_is_prefix_of_segments(a, b):
    ra, rb = RuleNumber(tuple(a)), RuleNumber(tuple(b))
    assert ra.contains(rb) == (tuple(b[: len(a)]) == tuple(a))
    if ra.contains(rb) and ra != rb:
        assert str(rb).startswith(str(ra) + ".")


@given(st.text(max_size=12))
def test_parse_never_fails_with_anything_but_rule_number_error(text):
    try:
        RuleNumber.parse(text)
    except RuleNumberError:
        pass
